import { type Kysely, sql } from 'kysely';

/**
 * Each prediction keeps the version of the model that made it. Start-up re-registration rewrites
 * cv_models.version when a bundled model is upgraded; without this, older results would be reported
 * (downloads, summary.csv) under the new version. Existing rows take their model's current version,
 * the best that is known for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('predictions')
    .addColumn('model_version', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update predictions set model_version =
    (select version from cv_models where cv_models.id = predictions.model_id)`.execute(db);
}
