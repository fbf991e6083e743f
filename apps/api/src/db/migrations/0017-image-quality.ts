import type { Kysely } from 'kysely';

/**
 * Issue 46 §1: what an image's pixels say about its quality (media/quality/measure-quality.ts),
 * measured at upload and kept as JSON. Whether that is good, fair or poor is judged when read,
 * against IMAGE_QUALITY_THRESHOLDS, so a changed threshold re-judges every photo. Nullable with no
 * default: images uploaded before this migration were not measured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('quality', 'text').execute();
}
