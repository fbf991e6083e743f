import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * One row naming this database with a random key, made once. The storage folder records the key of
 * the database it belongs to (see storage/storage-binding.ts), so work that judges files by rows
 * never runs against another database's files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('database_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('installation_single_row', sql`id = 1`)
    .execute();
  await sql`insert into installation (id, database_key, created_at)
    values (1, ${randomUUID()}, ${new Date().toISOString()})`.execute(db);
}
