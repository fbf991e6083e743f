import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The most reviewed photos the figures read, newest first, so a large fleet's figures rest on its
 * latest reviews rather than take ever longer.
 */
export const AGREEMENT_MAX_PHOTOS = 2000;

/**
 * Every reviewed prediction of the organisation (or of one of its projects) with its model's own
 * percentages (version 0, kept when a correction replaced them), the reviewed ones, and the stored
 * pixel counts of the model's mask against the reviewed one (null until counted).
 */
export function reviewedForAgreement(db: Kysely<DB>, owner: number, projectId?: number) {
  let query = db
    .selectFrom('image_reviews')
    .innerJoin('predictions', 'predictions.id', 'image_reviews.prediction_id')
    .innerJoin('cv_models', 'cv_models.id', 'predictions.model_id')
    .leftJoin('mask_versions', (join) =>
      join.onRef('mask_versions.prediction_id', '=', 'predictions.id').on('mask_versions.version', '=', 0),
    )
    .leftJoin('review_confusion', 'review_confusion.prediction_id', 'predictions.id')
    .select([
      'image_reviews.state',
      'predictions.id as prediction_id',
      'predictions.model_id',
      'predictions.percentages',
      'predictions.storage_prefix',
      'predictions.mask_prefix',
      'predictions.mask_version',
      'mask_versions.percentages as model_percentages',
      'cv_models.name as model_name',
      'cv_models.manifest as model_manifest',
      'review_confusion.mask_version as counted_version',
      'review_confusion.confusion',
    ])
    .where('predictions.owner', '=', owner);
  if (projectId !== undefined) query = query.where('predictions.project_id', '=', projectId);
  return query.orderBy('predictions.id', 'desc').limit(AGREEMENT_MAX_PHOTOS).execute();
}

export type AgreementRow = Awaited<ReturnType<typeof reviewedForAgreement>>[number];
