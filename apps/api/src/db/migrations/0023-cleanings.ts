import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withIdColumn } from './columns.js';

/**
 * Issue 40 §6: a cleaning of a vessel links two of its inspections (projects) as before and after,
 * with who cleaned, how, whether the removed material was captured and the certificate. It goes with
 * its organisation, its vessel and either inspection (a signed inspection cannot be deleted, so an
 * entry of the Record Book only goes once its inspection was reopened and deleted). `capture` is a
 * 0/1 integer on both dialects; its author's name stays when the account is deleted.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('cleanings'), dialect)
    .addColumn('owner', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('vessel_id', 'integer', (c) => c.notNull().references('vessels.id').onDelete('cascade'))
    .addColumn('before_project_id', 'integer', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('after_project_id', 'integer', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('cleaning_date', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('capture', 'integer', (c) => c.notNull())
    .addColumn('certificate_reference', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cleanings_vessel').on('cleanings').columns(['owner', 'vessel_id']).execute();
  await db.schema.createIndex('cleanings_before').on('cleanings').column('before_project_id').execute();
  await db.schema.createIndex('cleanings_after').on('cleanings').column('after_project_id').execute();
}
