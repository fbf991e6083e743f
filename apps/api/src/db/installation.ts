import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** The random key naming this database (made by migration 0005). */
export async function databaseKey(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('installation')
    .select('database_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.database_key;
}
