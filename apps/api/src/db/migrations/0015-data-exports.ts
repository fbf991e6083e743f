import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withIdColumn } from './columns.js';

/**
 * Issue 43 §4: a user's exports of everything they keep, built by a job into one ZIP. The e-mailed
 * link's token is stored as its SHA-256 only. They go with their owner's account.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('data_exports'), dialect)
    .addColumn('owner', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('files_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'integer')
    .addColumn('token_hash', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_exports_owner').on('data_exports').column('owner').execute();
}
