import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Each prediction keeps the version of the model that made it. Start-up re-registration rewrites
 * cv_models.version when a bundled model is upgraded; without this, older results would be reported
 * (downloads, summary.csv) under the new version. Existing rows take their model's current version,
 * the best that is known for them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // The default exists only so the column can be added to a table that already has rows.
  await db.schema
    .alterTable('predictions')
    .addColumn('model_version', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // SQLite runs this migration outside a transaction: coalesce keeps the backfill from failing
  // halfway (and the column from being added twice on the next start) should a model row be missing.
  await sql`update predictions set model_version = coalesce(
    (select version from cv_models where cv_models.id = predictions.model_id), '')`.execute(db);
  // SQLite cannot drop a column default; the application always writes the version.
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('predictions')
      .alterColumn('model_version', (c) => c.dropDefault())
      .execute();
  }
}
