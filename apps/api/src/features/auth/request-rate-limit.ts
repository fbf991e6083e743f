import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoInSeconds } from '../../db/time.js';
import { throttleEventsRepository } from './throttle-events.repository.js';

/**
 * A sliding-window count of requests per key (a client address, an account) in the database, shared
 * by all API processes. The request is recorded before it is counted, so requests sent together see
 * each other and at most `limit` are let through; a refused request is not counted.
 */
export function requestRateLimit(db: Kysely<DB>) {
  const events = throttleEventsRepository(db);
  return {
    async take(key: string, limit: number, windowSeconds: number): Promise<boolean> {
      const ids = await events.add([key]);
      const others = await events.tally([key], isoInSeconds(-windowSeconds), ids);
      if ((others.get(key)?.count ?? 0) < limit) return true;
      await events.removeIds(ids);
      return false;
    },
  };
}

export type RequestRateLimit = ReturnType<typeof requestRateLimit>;
