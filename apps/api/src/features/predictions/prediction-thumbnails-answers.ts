import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { ImageRow } from '../../db/schema.js';
import { THUMBNAIL_READS_IN_FLIGHT } from '../../http/base64-answers.js';
import { jsonWithBase64 } from '../../http/base64-json.js';
import { CachedAnswer } from '../../http/cached-answer.js';
import { weakETag } from '../../http/etag.js';
import { jsonArrayStream } from '../../http/json-array-stream.js';
import { judgeConfidence } from '../../inference/confidence.js';
import { storedQuality } from '../../media/quality/stored-quality.js';
import { qualityThresholdsTag } from '../../media/quality/thresholds-tag.js';
import { Base64Cache, readBase64Copy } from '../../storage/base64-copy.js';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import type { predictionsRepository } from './predictions.repository.js';

/** Changes every prediction thumbnails list's ETag when the answer's format changes. */
const ETAG_VERSION = 'prediction-thumbnails-3';
/** Prediction thumbnails' base64 held per process (see the images' THUMBNAIL_CACHE_BYTES). */
const PREDICTION_THUMBNAIL_CACHE_BYTES = 16 * 1024 * 1024;

type ImagePrediction = Awaited<ReturnType<ReturnType<typeof predictionsRepository>['listForImage']>>[number];

/** An image's prediction thumbnails as a cached answer, with their base64 kept per process. */
export function predictionThumbnailsAnswers(storage: Storage, config: Config, log: FastifyBaseLogger) {
  const thumbnailCache = new Base64Cache(PREDICTION_THUMBNAIL_CACHE_BYTES);
  const thresholdsTag = qualityThresholdsTag(config.imageQuality.thresholds);

  /** One prediction's element of the list; undefined once its files are gone (deleted meanwhile). */
  async function thumbnailElement(image: ImageRow, row: ImagePrediction): Promise<Buffer | undefined> {
    const base64 = await readBase64Copy(
      storage,
      thumbnailCache,
      {
        // The newest mask version's thumbnail: a correction shows in the strip (issue 39).
        key: storageKeys.file(currentMaskPrefix(row), predictionFiles.thumbnail),
        copyKey: storageKeys.file(currentMaskPrefix(row), predictionFiles.thumbnailBase64),
        version: `${row.created_at}-${row.mask_version}`,
      },
      (error) => log.warn({ err: error, predictionId: row.id }, 'could not keep a thumbnail as base64'),
    );
    if (!base64) return undefined;
    const grade = storedQuality(image.quality, config.imageQuality.thresholds)?.grade ?? null;
    const confidence = judgeConfidence(row.confidence, grade, config.confidence);
    return jsonWithBase64(
      {
        id: row.id,
        prediction_id: row.id,
        image_name: image.name,
        model_id: row.model_id,
        resolution_id: row.resolution_id,
        project_id: row.project_id,
        confidence: confidence.confidence,
        low_confidence: confidence.low_confidence,
      },
      'base64_thumbnail',
      base64,
    );
  }

  /** The list of an image found for the caller, from its predictions' rows. */
  return (image: ImageRow, rows: readonly ImagePrediction[]): CachedAnswer => {
    const etag = weakETag(ETAG_VERSION, [
      image.id,
      image.name,
      ...rows.flatMap((row) => [
        row.id,
        row.model_id,
        row.resolution_id,
        row.created_at,
        row.storage_prefix,
        row.mask_version,
        row.confidence ?? '',
      ]),
      // low_confidence depends on the bounds and the photo's grade (its metrics, measured later for
      // photos uploaded before issue 46, and the quality thresholds), which a restart may change.
      config.confidence.lowBelow,
      config.confidence.lowBelowFair,
      image.quality ?? '',
      thresholdsTag,
    ]);
    return new CachedAnswer(etag, () => {
      const models = [...new Set(rows.map((row) => row.model_id))];
      const resolutions = [...new Set(rows.map((row) => row.resolution_id))];
      const json = jsonArrayStream(rows, (row) => thumbnailElement(image, row), THUMBNAIL_READS_IN_FLIGHT, {
        before: `{"models":${JSON.stringify(models)},"resolutions":${JSON.stringify(resolutions)},"thumbnails":`,
        after: '}',
      });
      return Promise.resolve({ json });
    });
  };
}
