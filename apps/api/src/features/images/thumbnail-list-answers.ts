import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, ProjectRow } from '../../db/schema.js';
import { THUMBNAIL_READS_IN_FLIGHT } from '../../http/base64-answers.js';
import { jsonWithBase64 } from '../../http/base64-json.js';
import { CachedAnswer } from '../../http/cached-answer.js';
import { weakETag } from '../../http/etag.js';
import { jsonArrayStream } from '../../http/json-array-stream.js';
import { KeptAnswers } from '../../http/kept-answers.js';
import { WriteTurns } from '../../http/write-turns.js';
import { Base64Cache, readBase64Copy } from '../../storage/base64-copy.js';
import type { Storage } from '../../storage/storage.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';
import { projectContentVersion } from '../projects/content-versions.js';
import {
  FULL_LIST_CACHE_BYTES,
  FULL_LIST_IDLE_MS,
  FULL_LIST_TURN_MS,
  FULL_LIST_WRITE_TURNS,
  type FullThumbnailList,
  fullListBytes,
  makeFullThumbnailList,
} from './full-thumbnail-list.js';
import { imagesRepository } from './images.repository.js';

/** Changes every thumbnail list's ETag when the answers' format changes (see full-image-answer.ts). */
const ETAG_VERSION = 'images-3';

/**
 * Thumbnails' base64 held per process: a couple of thousand photo thumbnails, so a project being
 * polled is sent from memory, well within a process's 600 MB target (docs/benchmarks.md).
 */
const THUMBNAIL_CACHE_BYTES = 64 * 1024 * 1024;

/** A row of a thumbnail list, as the repository reads it. */
type ListedThumbnail = Awaited<ReturnType<ReturnType<typeof imagesRepository>['listPage']>>[number];

/** Which part of the list a request asks for; neither set: the spec client's whole list. */
export interface ThumbnailPage {
  offset?: number;
  limit?: number;
}

/**
 * A project's thumbnail lists as cached answers, with what they keep per process: single thumbnails'
 * base64, and the spec client's whole list per version with its codings.
 */
export function thumbnailListAnswers(db: Kysely<DB>, storage: Storage, log: FastifyBaseLogger) {
  const images = imagesRepository(db);
  const thumbnailCache = new Base64Cache(THUMBNAIL_CACHE_BYTES);
  const fullLists = new KeptAnswers<FullThumbnailList>(
    FULL_LIST_CACHE_BYTES,
    fullListBytes,
    FULL_LIST_IDLE_MS,
  );
  const fullListWrites = new WriteTurns(FULL_LIST_WRITE_TURNS, FULL_LIST_TURN_MS);

  /** One image's element of a thumbnail list; undefined once the image is gone (deleted meanwhile). */
  async function thumbnailElement(image: ListedThumbnail): Promise<Buffer | undefined> {
    const base64 = await readBase64Copy(
      storage,
      thumbnailCache,
      {
        key: storageKeys.file(image.storage_prefix, imageFiles.thumbnail),
        copyKey: storageKeys.file(image.storage_prefix, imageFiles.thumbnailBase64),
        version: image.created_at,
      },
      (error) => log.warn({ err: error, imageId: image.id }, 'could not keep a thumbnail as base64'),
    );
    // Deleted since the rows were read: left out, as it would be a moment later.
    if (!base64) return undefined;
    return jsonWithBase64({ id: image.id, image_name: image.name }, 'base64_thumbnail', base64, {
      hull_zone: image.hull_zone,
    });
  }

  const thumbnailList = (page: readonly ListedThumbnail[]) =>
    jsonArrayStream(page, thumbnailElement, THUMBNAIL_READS_IN_FLIGHT);

  /** The whole list at this version: kept, or made once (undefined: too large to keep). */
  function fullThumbnailList(owner: number, projectId: number, etag: string) {
    return fullLists.get(`${owner}/${projectId}`, etag, async () => {
      const rows = await images.listPage(owner, projectId, 0, undefined);
      return makeFullThumbnailList(thumbnailList(rows), rows.length);
    });
  }

  return {
    /** The list of a project found for `owner`, whole or one page. */
    answer(owner: number, project: ProjectRow, page: ThumbnailPage): CachedAnswer {
      // The project's row only, no file read: an unchanged list answers 304 at about the cost of the
      // project list, however many images it has. A page's tag changes with any image of the project,
      // as its total does; not with predictions, which it does not show. The total is counted only
      // for a 200: a 304 means the client's copy, total included, is still right.
      const etag = weakETag(ETAG_VERSION, [
        page.offset ?? '',
        page.limit ?? '',
        ...projectContentVersion(project, 'images'),
      ]);
      // The whole list is sent coded as asked (a list too large to keep goes uncoded): Vary on all.
      return new CachedAnswer(
        etag,
        async () => {
          // The spec client's list (no parameters) is kept per version with its codings; pages, a few
          // dozen thumbnails each, are read per request and sent uncoded (base64-answers.ts).
          if (page.offset === undefined && page.limit === undefined) {
            const full = await fullThumbnailList(owner, project.id, etag);
            if (full) {
              return {
                headers: { 'x-total-count': String(full.total) },
                precompressed: full.answer,
                turns: fullListWrites,
              };
            }
          }
          const total = await images.countInProject(owner, project.id);
          const rows = await images.listPage(owner, project.id, page.offset ?? 0, page.limit);
          return { headers: { 'x-total-count': String(total) }, json: thumbnailList(rows) };
        },
        true,
      );
    },
    /** Drops the kept lists (the app closing: their idle timers would keep them reachable until then). */
    clear(): void {
      fullLists.clear();
    },
  };
}
