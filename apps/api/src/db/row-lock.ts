import { type Kysely, PostgresAdapter } from 'kysely';
import type { DB } from './schema.js';

/**
 * Locks a row until the transaction ends, so that a check made after it and the write that follows
 * cannot interleave with another transaction that points a foreign key at the row. On PostgreSQL
 * that is FOR UPDATE: it waits for such inserts to commit, and they wait for it. On SQLite a
 * transaction holds the only connection and runs alone, so there is nothing to lock.
 */
/** Whether the database locks rows (PostgreSQL: FOR UPDATE, SKIP LOCKED); SQLite locks the whole file. */
export function locksRows(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function lockRow(
  trx: Kysely<DB>,
  table: 'images' | 'projects' | 'users' | 'organisations' | 'vessels' | 'cleanings',
  id: number,
): Promise<void> {
  if (!locksRows(trx)) return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}
