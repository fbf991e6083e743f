import type { Kysely } from 'kysely';

/**
 * Issue 18 §5: the inspection summary pools a zone's class coverage weighted by pixels, so each
 * prediction records how many of its pixels are hull surface (the classes counted in its
 * percentages, Background excluded). Nullable with no default: predictions made before this
 * migration keep their meaning and are weighted by their whole size (width × height) instead, as the
 * summary documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('predictions').addColumn('surface_pixels', 'integer').execute();
}
