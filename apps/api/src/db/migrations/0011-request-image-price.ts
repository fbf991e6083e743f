import type { Kysely } from 'kysely';

/**
 * Issue 22 (fair pricing): each image of a prediction request records the credits it was charged,
 * which may be a cheaper resolution's price when the image is no larger than that resolution's
 * maximum, so that a failed image refunds exactly what it cost. Rows made before hold null: their
 * images were all charged the request's `price_per_image`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('prediction_request_images').addColumn('price', 'integer').execute();
}
