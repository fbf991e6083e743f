import type { ImageRow } from '../../db/schema.js';
import { jsonWithBase64 } from '../../http/base64-json.js';
import { CachedAnswer } from '../../http/cached-answer.js';
import { weakETag } from '../../http/etag.js';
import type { QualityThresholds } from '@hullscope/contract';
import { storedQuality } from '../../media/quality/stored-quality.js';
import type { Storage } from '../../storage/storage.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';

/** Changes every image's ETag when the answer's format changes. */
const ETAG_VERSION = 'images-3';

/**
 * An image's files never change once stored: its row names them. Its quality grade is judged when
 * read, so the thresholds' tag (qualityThresholdsTag) is part of it.
 */
function fullImageETag(image: ImageRow, thresholdsTag: string): string {
  return weakETag(ETAG_VERSION, [
    image.id,
    image.name,
    image.content_hash,
    image.created_at,
    image.hull_zone ?? '',
    thresholdsTag,
  ]);
}

/** The spec's FullImage answer of an image found for the caller, with its quality. */
export function fullImageAnswer(
  storage: Storage,
  image: ImageRow,
  thresholds: QualityThresholds,
  thresholdsTag: string,
): CachedAnswer {
  return new CachedAnswer(fullImageETag(image, thresholdsTag), async () => {
    const preview = await storage.getBuffer(storageKeys.file(image.storage_prefix, imageFiles.preview));
    return {
      json: jsonWithBase64(
        { id: image.id, image_name: image.name },
        'base64_image',
        Buffer.from(preview.toString('base64'), 'latin1'),
        {
          width: image.width,
          height: image.height,
          hull_zone: image.hull_zone,
          quality: storedQuality(image.quality, thresholds),
        },
      ),
    };
  });
}
