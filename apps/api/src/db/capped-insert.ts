import type { Kysely } from 'kysely';
import { lockKeys } from './key-lock.js';
import type { DB } from './schema.js';

/**
 * Inserts a row only while the rows it counts against (an account's vessels, say) are fewer than
 * `cap`; undefined when they are not. The count and the insert are one transaction under the key's
 * lock, so requests sent together at `cap - 1` cannot both get through.
 */
export function insertBelowCap<T>(
  db: Kysely<DB>,
  { key, cap }: { key: string; cap: number },
  count: (trx: Kysely<DB>) => Promise<number>,
  insert: (trx: Kysely<DB>) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, [key]);
    if ((await count(trx)) >= cap) return undefined;
    return insert(trx);
  });
}
