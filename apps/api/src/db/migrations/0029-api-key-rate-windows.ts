import type { Kysely } from 'kysely';

/**
 * Each API key's current rate-limit window (key-rate-limit.ts): when it began and the requests
 * counted in it, one row per key, kept in the database so every API process of a scale-out
 * deployment counts against the same limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_rate_windows')
    .addColumn('key_id', 'integer', (c) => c.primaryKey().references('api_keys.id').onDelete('cascade'))
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .execute();
}
