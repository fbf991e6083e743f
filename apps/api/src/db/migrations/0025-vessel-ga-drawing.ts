import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 40 §1's alternative: a vessel's own General Arrangement drawing (one per vessel) and the
 * rectangle a user placed for each hull zone on it, in the drawing's pixels. Both go with their
 * vessel; the uploader's name stays when the account is deleted.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('vessel_ga_drawings')
    .addColumn('vessel_id', 'integer', (c) => c.primaryKey().references('vessels.id').onDelete('cascade'))
    .addColumn('owner', 'integer', (c) => c.notNull().references('organisations.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_by_name', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('vessel_ga_zones')
    .addColumn('vessel_id', 'integer', (c) =>
      c.notNull().references('vessel_ga_drawings.vessel_id').onDelete('cascade'),
    )
    .addColumn('hull_zone', 'text', (c) => c.notNull())
    .addColumn('x', 'integer', (c) => c.notNull())
    .addColumn('y', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('vessel_ga_zones_pk', ['vessel_id', 'hull_zone'])
    .execute();
}
