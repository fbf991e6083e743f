import type {} from '@fastify/multipart';
import { raiseContentVersionUnlessSigned, refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { type HullZone, routes } from '@hullscope/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { lockRow } from '../../db/row-lock.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { badRequest, conflict, fieldErrors, notFound, tooManyRequests } from '../../http/api-error.js';
import { notModified, weakETag } from '../../http/etag.js';
import { jsonArrayStream } from '../../http/json-array-stream.js';
import {
  BASE64_IMAGE_COMPRESSION,
  JSON_CONTENT_TYPE,
  THUMBNAIL_READS_IN_FLIGHT,
} from '../../http/base64-answers.js';
import {
  PRECOMPRESSED_ROUTE,
  type Precompressed,
  precompress,
  sendPrecompressed,
} from '../../http/precompressed.js';
import { varyOn } from '../../http/vary.js';
import { WriteTurns } from '../../http/write-turns.js';
import { REPLY_SENT } from '../../http/router.js';
import { Base64Cache, readBase64Copy } from '../../storage/base64-copy.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';
import { projectContentVersion } from '../projects/content-versions.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { KeptAnswers } from '../../http/kept-answers.js';
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
import { setZoneOfImages } from './images-zone-update.js';
import { qualityThresholdsTag } from '../../media/quality/thresholds-tag.js';
import { fullImageETag, sendFullImage } from './full-image-answer.js';
import { imageDetailsList } from './image-details.js';
import { ownedImageOr404 } from './owned-image.js';
import { MalformedUploadError, UPLOAD_FIELD, UploadRequestError, receiveUpload } from './receive-upload.js';
import { UPLOAD_TEXT_FIELDS, uploadImages } from './upload-images.js';
import { uploadSlots } from './upload-slots.js';

/** Changes every thumbnail list's ETag when the answers' format changes (see full-image-answer.ts). */
const ETAG_VERSION = 'images-3';

/**
 * Thumbnails' base64 held per process: about 2,000 photo thumbnails (28 kB of text each), so a project
 * being polled is sent from memory, well within the 600 MB the issue allows a process under load.
 */
const THUMBNAIL_CACHE_BYTES = 64 * 1024 * 1024;

/** A row of a thumbnail list, as the repository reads it. */
type ListedThumbnail = Awaited<ReturnType<ReturnType<typeof imagesRepository>['listPage']>>[number];

/** Changes every image details list's ETag when its format changes. */
const DETAILS_ETAG_VERSION = 'image-details-3';

/**
 * Image details lists held per process as JSON with its brotli and gzip codings, by owner, project
 * and version: some forty projects of 1,000 images. Doubled when each image gained its quality
 * (issue 46), which about doubled an entry.
 */
const DETAILS_CACHE_BYTES = 16 * 1024 * 1024;

/** Uploads (multipart, bounded per request and per organisation), thumbnails, previews and deletion. */
export const registerImageRoutes: ApiRegistrar = async ({ app, router, db, storage, config, log }) => {
  await app.register(multipart, {
    limits: {
      fileSize: config.uploads.maxFileBytes,
      files: config.uploads.maxFiles + 1,
      fields: 20,
      parts: config.uploads.maxFiles + 21,
    },
    throwFileSizeLimit: false,
  });
  const images = imagesRepository(db);
  // Short enough for a tag: the thresholds change only with the configuration.
  const thresholdsTag = qualityThresholdsTag(config.imageQuality.thresholds);
  const uploads = uploadSlots(config.uploads.maxConcurrentPerUser);
  const thumbnailCache = new Base64Cache(THUMBNAIL_CACHE_BYTES);
  const detailsCache = new Base64Cache(DETAILS_CACHE_BYTES);
  const fullLists = new KeptAnswers<FullThumbnailList>(
    FULL_LIST_CACHE_BYTES,
    fullListBytes,
    FULL_LIST_IDLE_MS,
  );
  // Their idle timers are unref'd, but would keep up to FULL_LIST_CACHE_BYTES reachable after close
  // until they fire (FULL_LIST_IDLE_MS): in tests, apps are made and closed many times a process.
  app.addHook('onClose', async () => fullLists.clear());
  const fullListWrites = new WriteTurns(FULL_LIST_WRITE_TURNS, FULL_LIST_TURN_MS);

  /** The request's files in temporary storage; a request unusable as a whole is a 400. */
  async function stageUpload(request: FastifyRequest) {
    try {
      return await receiveUpload(
        request,
        {
          maxFileBytes: config.uploads.maxFileBytes,
          maxFiles: config.uploads.maxFiles,
          tempDir: config.uploads.tempDir,
        },
        UPLOAD_TEXT_FIELDS,
      );
    } catch (error) {
      if (error instanceof UploadRequestError) throw fieldErrors({ [UPLOAD_FIELD]: [error.message] });
      if (error instanceof MalformedUploadError) throw badRequest(error.message);
      throw error;
    }
  }

  router.add(routes.uploadImages, async ({ organisation, user, params, request }) => {
    refuseWhileSigned(await ownedProjectOr404(db, organisation.id, params.id));
    if (!request.isMultipart()) {
      throw fieldErrors({
        [UPLOAD_FIELD]: ['Send the images as multipart/form-data in repeated "images" fields.'],
      });
    }
    // Before the body is read: a refused upload costs the server nothing but this answer.
    const release = uploads.take(organisation.id);
    if (!release) {
      const limit = config.uploads.maxConcurrentPerUser;
      throw tooManyRequests(
        `You already have ${limit} ${limit === 1 ? 'upload' : 'uploads'} in progress. ` +
          'Wait until one has finished, then try again.',
      );
    }
    try {
      const created = await uploadImages(
        { db, storage, maxPixels: config.uploads.maxPixels, log, uploadedBy: user.id },
        organisation.id,
        params.id,
        await stageUpload(request),
      );
      return { message: 'Uploaded images successfully', data: created };
    } finally {
      release();
    }
  });

  router.add(routes.uploadLimits, () =>
    Promise.resolve({
      max_files: config.uploads.maxFiles,
      max_file_bytes: config.uploads.maxFileBytes,
      max_pixels: config.uploads.maxPixels,
    }),
  );

  router.add(routes.listImageHashes, async ({ organisation, params }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    const rows = await images.listHashes(organisation.id, params.id);
    return rows.map((row) => ({ id: row.id, image_name: row.name, content_sha256: row.content_hash }));
  });

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
    const head = `{"id":${image.id},"image_name":${JSON.stringify(image.name)},"base64_thumbnail":"`;
    const tail = `","hull_zone":${JSON.stringify(image.hull_zone)}}`;
    return Buffer.concat([Buffer.from(head), base64, Buffer.from(tail)]);
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

  router.add(
    routes.listThumbnails,
    async ({ organisation, params, query, request, reply }) => {
      const project = await ownedProjectOr404(db, organisation.id, params.id);
      // The project's row only, no file read: an unchanged list answers 304 at about the cost of the
      // project list, however many images it has. A page's tag changes with any image of the project,
      // as its total does; not with predictions, which it does not show. The total is counted only
      // for a 200: a 304 means the client's copy, total included, is still right.
      const etag = weakETag(ETAG_VERSION, [
        query.offset ?? '',
        query.limit ?? '',
        ...projectContentVersion(project, 'images'),
      ]);
      // Every answer of this route says so, 304s included (RFC 9110 §15.4.5 asks a 304 to repeat its
      // 200's Vary): the full list is sent coded as asked, and whether a version's 200 was coded (a
      // list too large to keep goes uncoded) is not known when its 304 is sent.
      varyOn(reply, 'accept-encoding');
      if (notModified(request, reply, etag)) return REPLY_SENT;
      // The spec client's list (no parameters) is kept per version with its codings; pages, a few
      // dozen thumbnails each, are read per request and sent uncoded (base64-answers.ts).
      if (query.offset === undefined && query.limit === undefined) {
        const full = await fullThumbnailList(organisation.id, params.id, etag);
        if (full) {
          reply.header('x-total-count', String(full.total));
          // Megabytes each: written a few at a time, so that every poller waits about as long.
          await fullListWrites.wait(reply.raw);
          sendPrecompressed(request, reply, full.answer);
          return REPLY_SENT;
        }
      }
      reply.header('x-total-count', String(await images.countInProject(organisation.id, params.id)));
      const page = await images.listPage(organisation.id, params.id, query.offset ?? 0, query.limit);
      void reply.code(200).type(JSON_CONTENT_TYPE).send(thumbnailList(page));
      return REPLY_SENT;
    },
    BASE64_IMAGE_COMPRESSION,
  );

  /** The project's image details at this version: kept, or made and kept with their codings. */
  async function imageDetailsAnswer(owner: number, projectId: number, etag: string): Promise<Precompressed> {
    const name = `${owner}/${projectId}/${etag}`;
    const identity = detailsCache.get(`${name}/identity`);
    const br = detailsCache.get(`${name}/br`);
    const gzip = detailsCache.get(`${name}/gzip`);
    // One of them dropped by the cache's bound: all are made again.
    if (identity && br && gzip) return { identity, br, gzip };
    const list = await imageDetailsList(db, owner, projectId, config);
    const answer = await precompress(Buffer.from(JSON.stringify(list)));
    for (const coding of ['identity', 'br', 'gzip'] as const) {
      const bytes = answer[coding];
      // Brotli is always made here (JSON_EFFORT); the check is for the type.
      if (bytes) detailsCache.set(`${name}/${coding}`, bytes);
    }
    return answer;
  }

  router.add(
    routes.listImageDetails,
    async ({ organisation, params, request, reply }) => {
      const project = await ownedProjectOr404(db, organisation.id, params.id);
      // The project's row only: an unchanged list answers 304, and a changed one is made and compressed
      // once per version. Made and compressed for each request, 500 images cost 9–13 ms of CPU, so 50
      // clients opening a project waited 0.7–2 s (bench:api).
      // The thresholds too: low_confidence and the quality grade are judged when read, so a changed
      // threshold changes the answer.
      const etag = weakETag(DETAILS_ETAG_VERSION, [
        ...projectContentVersion(project, 'images', 'predictions'),
        config.confidence.lowBelow,
        thresholdsTag,
      ]);
      varyOn(reply, 'accept-encoding'); // on the 304 too, as on the 200 (sendPrecompressed)
      if (notModified(request, reply, etag)) return REPLY_SENT;
      sendPrecompressed(request, reply, await imageDetailsAnswer(organisation.id, params.id, etag));
      return REPLY_SENT;
    },
    PRECOMPRESSED_ROUTE,
  );

  router.add(
    routes.getImage,
    async ({ organisation, params, request, reply }) => {
      const image = await ownedImageOr404(db, organisation.id, params.id, params.imageId);
      const etag = fullImageETag(image, thresholdsTag);
      if (notModified(request, reply, etag)) return REPLY_SENT;
      await sendFullImage(storage, image, reply, config.imageQuality.thresholds);
      return REPLY_SENT;
    },
    BASE64_IMAGE_COMPRESSION,
  );

  /** Sets the zone and raises the project's image version together; undefined for no such image. */
  function setHullZone(owner: number, projectId: number, imageId: number, hullZone: HullZone | null) {
    return db.transaction().execute(async (trx) => {
      const updated = await imagesRepository(trx).setHullZoneOwned(owner, projectId, imageId, hullZone);
      if (updated) await raiseContentVersionUnlessSigned(trx, projectId, 'images');
      return updated;
    });
  }

  router.add(routes.updateImage, async ({ organisation, params, body }) => {
    const image =
      body.hull_zone === undefined
        ? await ownedImageOr404(db, organisation.id, params.id, params.imageId)
        : await setHullZone(organisation.id, params.id, params.imageId, body.hull_zone);
    if (!image) throw notFound();
    return {
      id: image.id,
      image_name: image.name,
      width: image.width,
      height: image.height,
      hull_zone: image.hull_zone,
    };
  });

  router.add(routes.updateImagesZone, async ({ organisation, params, body }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    const updated = await setZoneOfImages(db, organisation.id, params.id, body.images, body.hull_zone);
    return { updated, hull_zone: body.hull_zone };
  });

  router.add(routes.deleteImage, async ({ organisation, params, request }) => {
    const image = await ownedImageOr404(db, organisation.id, params.id, params.imageId);
    // Checked and deleted under the row's lock: a prediction request scheduled at the same moment
    // either is seen here, or fails on the deleted image; it never loses a paid image to the delete.
    const deleted = await db.transaction().execute(async (trx) => {
      await lockRow(trx, 'images', image.id);
      const locked = imagesRepository(trx);
      if (await locked.isInUnfinishedRequest(image.id)) return false;
      await locked.delete(image.id);
      await raiseContentVersionUnlessSigned(trx, params.id, 'images');
      return true;
    });
    if (!deleted) {
      throw conflict(
        'This image is part of a running prediction. Delete it once the prediction has finished.',
      );
    }
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'image.delete',
      target: { type: 'image', id: image.id, label: image.name },
      detail: { project: params.id },
    });
    await storage.deletePrefix(image.storage_prefix);
    return { message: 'Deleted image successfully' };
  });
};
