import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, ProjectRow } from '../../db/schema.js';
import { CachedAnswer } from '../../http/cached-answer.js';
import { weakETag } from '../../http/etag.js';
import { type Precompressed, precompress } from '../../http/precompressed.js';
import { qualityThresholdsTag } from '../../media/quality/thresholds-tag.js';
import { Base64Cache } from '../../storage/base64-copy.js';
import { projectContentVersion } from '../projects/content-versions.js';
import { imageDetailsList } from './image-details.js';

/** Changes every image details list's ETag when its format changes. */
const DETAILS_ETAG_VERSION = 'image-details-3';

/**
 * Image details lists held per process as JSON with its brotli and gzip codings, by owner, project
 * and version: some forty projects of 1,000 images, each image with its quality.
 */
const DETAILS_CACHE_BYTES = 16 * 1024 * 1024;

/** A project's image details list as a cached answer, kept per version with its codings. */
export function imageDetailsAnswers(db: Kysely<DB>, config: Config) {
  const detailsCache = new Base64Cache(DETAILS_CACHE_BYTES);
  // Short enough for a tag: the thresholds change only with the configuration.
  const thresholdsTag = qualityThresholdsTag(config.imageQuality.thresholds);

  /** The project's image details at this version: kept, or made and kept with their codings. */
  async function made(owner: number, projectId: number, etag: string): Promise<Precompressed> {
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

  /** The list of a project found for `owner`. */
  return (owner: number, project: ProjectRow): CachedAnswer => {
    // The project's row only: an unchanged list answers 304, and a changed one is made and compressed
    // once per version, not for each of the clients opening the project (docs/benchmarks.md).
    // The thresholds too: low_confidence and the quality grade are judged when read, so a changed
    // threshold changes the answer.
    const etag = weakETag(DETAILS_ETAG_VERSION, [
      ...projectContentVersion(project, 'images', 'predictions'),
      config.confidence.lowBelow,
      config.confidence.lowBelowFair,
      thresholdsTag,
    ]);
    return new CachedAnswer(etag, async () => ({ precompressed: await made(owner, project.id, etag) }), true);
  };
}
