import type { Kysely } from 'kysely';

/**
 * Each prediction keeps the name of the model that made it, beside its version (0004): its STAT
 * chart is drawn when first asked for (stat-chart-file.ts), titled as the pipeline titled it, and
 * cv_models.manifest is the manifest as registered now, perhaps of a later version. Null for
 * predictions made before, which already have their STAT.png.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('predictions').addColumn('model_name', 'text').execute();
}
