import type { Kysely } from 'kysely';

/**
 * Issue 39 M4: per reviewed prediction, how the model's own mask and the reviewed one compare pixel by
 * pixel, so the agreement figures sum stored counts instead of decoding every mask per request.
 * `confusion` is JSON `[[model class, reviewer class, pixels], …]` (cells with pixels only) of the
 * model's mask against `mask_version` of the prediction; counts of an older version than the
 * prediction's are stale and get counted again. Rows reviewed before this migration get their counts on
 * the first agreement request that reads them (SQL cannot decode PNGs), so the migration adds none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_confusion')
    .addColumn('prediction_id', 'integer', (c) =>
      c.primaryKey().references('predictions.id').onDelete('cascade'),
    )
    .addColumn('mask_version', 'integer', (c) => c.notNull())
    .addColumn('confusion', 'text', (c) => c.notNull())
    .execute();
}
