import type { Kysely } from 'kysely';

/**
 * Issue 19 §2: each prediction records how sure the model was, the mean over the image's pixels of
 * each pixel's largest class probability (0 to 1). Whether that is low is judged when it is read,
 * against PREDICTION_LOW_CONFIDENCE_BELOW, so a changed threshold re-judges every prediction.
 * Nullable with no default: predictions made before this migration have no confidence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('predictions').addColumn('confidence', 'real').execute();
}
