import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withIdColumn } from './columns.js';

/**
 * Issue 41 §1: an organisation's API keys. Only the secret's SHA-256 is kept (unique: it is how a
 * request finds its key); scopes are a comma-separated list. A key whose creator's account is
 * deleted keeps its row for the list but stops working (it has no one to act as).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('api_keys'), dialect)
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_address', 'text')
    .execute();
  await db.schema
    .createIndex('api_keys_organisation')
    .on('api_keys')
    .columns(['organisation_id', 'id'])
    .execute();
}
