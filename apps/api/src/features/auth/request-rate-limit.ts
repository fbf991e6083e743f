import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoInSeconds } from '../../db/time.js';
import { throttleEventsRepository } from './throttle-events.repository.js';

/** The window of the hourly limits, also sent as `Retry-After` with their 429. */
export const HOUR_SECONDS = 3600;

/**
 * A sliding-window count of requests per key (a client address, an account) in the database, shared
 * by all API processes. The count and the record of a request are one step under the key's lock, so
 * of requests sent together exactly `limit` get through; a refused request is not counted.
 */
export function requestRateLimit(db: Kysely<DB>) {
  const events = throttleEventsRepository(db);
  return {
    async take(key: string, limit: number, windowSeconds: number): Promise<boolean> {
      const recorded = await events.countThenAdd(
        [key],
        isoInSeconds(-windowSeconds),
        (tallies) => (tallies.get(key)?.count ?? 0) < limit,
      );
      return recorded !== null;
    },
  };
}
