import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from './schema.js';

/**
 * Locks named keys until the transaction ends, so that a count and the write that follows it run
 * for one key at a time. On PostgreSQL these are transaction-scoped advisory locks, taken in sorted
 * order so two transactions wanting the same keys cannot deadlock. On SQLite a transaction holds
 * the file's write lock from its start (database.ts) and runs alone, so there is nothing to lock.
 */
export async function lockKeys(trx: Kysely<DB>, keys: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/**
 * Takes one key's lock until the transaction ends if no other transaction holds it, without
 * waiting: true when taken (always on SQLite, see lockKeys). For a caller that can do other work
 * meanwhile rather than queue behind a holder that may be stalled.
 */
export async function tryLockKey(trx: Kysely<DB>, key: string): Promise<boolean> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return true;
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
