import { type Kysely, sql } from 'kysely';
import { lockKeys } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { isoInSeconds, nowIso } from '../../db/time.js';

/** The longest window any throttle may count over (configuration keeps windows within it). */
const THROTTLE_EVENTS_KEPT_SECONDS = 86_400;

export interface KeyTally {
  count: number;
  /** The newest event's time (ISO), null when there is none. */
  latest: string | null;
}

/**
 * All SQL on `throttle_events`: one row per counted event under a key, kept in the database so
 * every API process of a scale-out deployment counts the same events.
 */
export function throttleEventsRepository(db: Kysely<DB>) {
  return {
    /**
     * Counts the keys' events within the window and, when `allow` agrees, records one event under
     * each, in one transaction under the keys' locks: callers at the same moment take turns, so
     * exactly as many get through as the limits allow. Answers the new events' ids, or null.
     */
    async countThenAdd(
      keys: readonly string[],
      since: string,
      allow: (tallies: Map<string, KeyTally>) => boolean,
    ): Promise<number[] | null> {
      return inTransaction(db, async (trx) => {
        await lockKeys(trx, keys);
        const events = throttleEventsRepository(trx);
        if (!allow(await events.tally(keys, since))) return null;
        return events.add(keys);
      });
    },

    /** Records one event under each key at once; answers their ids. */
    async add(keys: readonly string[]): Promise<number[]> {
      const now = nowIso();
      const rows = await db
        .insertInto('throttle_events')
        .values(keys.map((key) => ({ throttle_key: key, created_at: now })))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Events per key newer than `since`. */
    async tally(keys: readonly string[], since: string) {
      const rows = await db
        .selectFrom('throttle_events')
        .select((eb) => [
          'throttle_key',
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.max('created_at').as('latest'),
        ])
        .where('throttle_key', 'in', keys)
        .where('created_at', '>', since)
        .groupBy('throttle_key')
        .execute();
      const tallies = new Map<string, KeyTally>(keys.map((key) => [key, { count: 0, latest: null }]));
      for (const row of rows) tallies.set(row.throttle_key, { count: Number(row.count), latest: row.latest });
      return tallies;
    },

    async removeIds(ids: readonly number[]): Promise<void> {
      if (ids.length > 0) await db.deleteFrom('throttle_events').where('id', 'in', ids).execute();
    },

    async removeKey(key: string): Promise<void> {
      await db.deleteFrom('throttle_events').where('throttle_key', '=', key).execute();
    },

    /** Every key that starts with `prefix` (no LIKE, so `_` and `%` in names match only themselves). */
    async removeKeysStartingWith(prefix: string): Promise<void> {
      await db
        .deleteFrom('throttle_events')
        .where(sql<string>`substr(throttle_key, 1, ${prefix.length})`, '=', prefix)
        .execute();
    },

    /** Drops events too old for any window to count. */
    async prune(): Promise<void> {
      await db
        .deleteFrom('throttle_events')
        .where('created_at', '<', isoInSeconds(-THROTTLE_EVENTS_KEPT_SECONDS))
        .execute();
    },
  };
}
