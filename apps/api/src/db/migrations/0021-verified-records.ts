import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withIdColumn } from './columns.js';

/**
 * Issue 39: people's corrections of a prediction's mask (versions; the model's own files are never
 * changed), each analysed image's review state, and an inspection's signed revisions with the exact
 * report.json each signature covers. `projects.signed_revision` is set while the inspection is signed:
 * every freezing write checks it in a guarded update of the project's row, in its own transaction.
 * `predictions.mask_version` names the version whose figures the row now holds (0: the model's) and
 * `mask_prefix` where its PRED.png and STAT.png are (null: the model's own, under storage_prefix).
 * Everything goes with its project; an author who deletes the account leaves the name behind.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('projects').addColumn('signed_revision', 'integer').execute();
  await db.schema
    .alterTable('predictions')
    .addColumn('mask_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('predictions').addColumn('mask_prefix', 'text').execute();

  await withIdColumn(db.schema.createTable('mask_versions'), dialect)
    .addColumn('prediction_id', 'integer', (c) =>
      c.notNull().references('predictions.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text')
    .addColumn('restored_from', 'integer')
    .addColumn('changed_pixels', 'integer', (c) => c.notNull())
    .addColumn('percentages', 'text', (c) => c.notNull())
    .addColumn('surface_pixels', 'integer', (c) => c.notNull())
    .addColumn('storage_prefix', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mask_versions_unique')
    .on('mask_versions')
    .columns(['prediction_id', 'version'])
    .unique()
    .execute();
  await db.schema.createIndex('mask_versions_project').on('mask_versions').column('project_id').execute();

  await db.schema
    .createTable('image_reviews')
    .addColumn('image_id', 'integer', (c) => c.primaryKey().references('images.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('prediction_id', 'integer', (c) =>
      c.notNull().references('predictions.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reviewer_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewer_name', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('image_reviews_project').on('image_reviews').column('project_id').execute();

  await withIdColumn(db.schema.createTable('inspection_revisions'), dialect)
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('signer_name', 'text', (c) => c.notNull())
    .addColumn('signer_position', 'text', (c) => c.notNull())
    .addColumn('signed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('signed_by_name', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('report_json', 'text', (c) => c.notNull())
    .addColumn('report_sha256', 'text', (c) => c.notNull())
    .addColumn('reopened_at', 'text')
    .addColumn('reopened_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reopened_by_name', 'text')
    .addColumn('reopen_reason', 'text')
    .execute();
  await db.schema
    .createIndex('inspection_revisions_unique')
    .on('inspection_revisions')
    .columns(['project_id', 'revision'])
    .unique()
    .execute();
}
