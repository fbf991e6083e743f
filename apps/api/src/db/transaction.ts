import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/** Runs `work` in the caller's transaction if there is one, else in a new one. */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
