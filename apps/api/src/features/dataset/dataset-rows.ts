import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The project's reviewed photos (accepted or corrected) with the prediction reviewed and its model,
 * for the dataset export; scoped to the organisation.
 */
export function reviewedPredictions(db: Kysely<DB>, owner: number, projectId: number) {
  return db
    .selectFrom('image_reviews')
    .innerJoin('predictions', 'predictions.id', 'image_reviews.prediction_id')
    .innerJoin('images', 'images.id', 'image_reviews.image_id')
    .innerJoin('cv_models', 'cv_models.id', 'predictions.model_id')
    .select([
      'images.id as image_id',
      'images.name as image_name',
      'images.hull_zone',
      'image_reviews.state',
      'image_reviews.reviewer_name',
      'predictions.id as prediction_id',
      'predictions.model_id',
      'predictions.model_version',
      'predictions.width',
      'predictions.height',
      'predictions.storage_prefix',
      'predictions.mask_prefix',
      'predictions.mask_version',
      'cv_models.name as model_name',
      'cv_models.manifest as model_manifest',
    ])
    .where('predictions.owner', '=', owner)
    .where('image_reviews.project_id', '=', projectId)
    .orderBy('images.id')
    .execute();
}

export type ReviewedPrediction = Awaited<ReturnType<typeof reviewedPredictions>>[number];
