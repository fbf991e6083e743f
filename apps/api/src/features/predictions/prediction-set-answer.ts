import type { LabelPercentage, PredictionSet, ResultImage } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { CachedAnswer } from '../../http/cached-answer.js';
import { weakETag } from '../../http/etag.js';
import { judgeConfidence } from '../../inference/confidence.js';
import { foulingRating } from '../../inference/fouling-rating.js';
import { storedQuality } from '../../media/quality/stored-quality.js';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import { storedClassesOf, storedNoiseFloorOf } from '../models/models.repository.js';
import type { predictionsRepository } from './predictions.repository.js';
import { modelStatChart } from './stat-chart-file.js';

/** Changes every prediction set's ETag when the answer's format changes. */
const PREDICTION_SET_ETAG_VERSION = 'prediction-set-1';

type FoundPrediction = NonNullable<
  Awaited<ReturnType<ReturnType<typeof predictionsRepository>['findPrediction']>>
>;

/** The spec's PredictionSet of a prediction found for the caller, as a cached answer. */
export function predictionSetAnswer(
  db: Kysely<DB>,
  prediction: FoundPrediction,
  storage: Storage,
  config: Config,
): CachedAnswer<PredictionSet> {
  const percentages = JSON.parse(prediction.percentages) as LabelPercentage[];
  // From the stored percentages and the model's manifest as it is now: a category corrected in
  // the manifest corrects every earlier rating, with no migration.
  const rating = foulingRating(
    percentages,
    storedClassesOf(prediction.model_manifest),
    config.foulingRating,
    storedNoiseFloorOf(prediction.model_manifest),
  );
  // Judged against the bounds and the photo's grade as they are now, like the rating: a changed
  // setting re-judges all.
  const grade = storedQuality(prediction.image_quality, config.imageQuality.thresholds)?.grade ?? null;
  const confidence = judgeConfidence(prediction.confidence, grade, config.confidence);
  // A result's files never change once its row names them (a retry writes a new row's time);
  // what is judged at read time is in the tag as judged, so a changed rule changes the tag.
  const etag = weakETag(PREDICTION_SET_ETAG_VERSION, [
    prediction.id,
    prediction.created_at,
    prediction.storage_prefix,
    prediction.mask_version,
    prediction.reviewer_name ?? '',
    prediction.image_name,
    JSON.stringify(rating),
    JSON.stringify(confidence),
  ]);
  return new CachedAnswer(etag, async () => ({
    value: await predictionSet(db, prediction, storage, percentages, rating, confidence),
  }));
}

/**
 * The answer's body: the three result images read from storage beside the judged figures. The
 * model's own STAT is drawn and stored the first time it is read (stat-chart-file.ts).
 */
async function predictionSet(
  db: Kysely<DB>,
  prediction: FoundPrediction,
  storage: Storage,
  percentages: LabelPercentage[],
  rating: PredictionSet['fouling_rating'],
  confidence: ReturnType<typeof judgeConfidence>,
): Promise<PredictionSet> {
  const resultImage = async (type: ResultImage['type'], file: string): Promise<ResultImage> => {
    // ORG is the model's input; PRED and STAT are of the newest mask version (issue 39).
    const prefix = type === 'ORG' ? prediction.storage_prefix : currentMaskPrefix(prediction);
    const data =
      type === 'STAT' && prediction.mask_prefix === null
        ? await modelStatChart(db, storage, prediction)
        : await storage.getBuffer(storageKeys.file(prefix, file));
    const { width = 0, height = 0 } = type === 'STAT' ? await sharp(data).metadata() : prediction;
    return {
      id: prediction.id,
      image_name: prediction.image_name,
      base64_image: data.toString('base64'),
      width,
      height,
      type,
    };
  };
  const [PRED, ORG, STAT] = await Promise.all([
    resultImage('PRED', predictionFiles.pred),
    resultImage('ORG', predictionFiles.org),
    resultImage('STAT', predictionFiles.stat),
  ]);
  return {
    predictions: percentages,
    PRED,
    ORG,
    STAT,
    fouling_rating: rating,
    ...confidence,
    reviewed_by: prediction.reviewer_name,
  };
}
