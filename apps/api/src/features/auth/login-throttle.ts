import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoInSeconds, nowIso } from '../../db/time.js';
import { tooManyRequests } from '../../http/api-error.js';

export interface ThrottleSettings {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Counts failed logins per account and per client address in a sliding window, in the database so
 * that every API process of a scale-out deployment sees the same counts.
 */
export function loginThrottle(db: Kysely<DB>, settings: ThrottleSettings) {
  async function failuresSince(key: string, since: string): Promise<number> {
    const row = await db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('throttle_key', '=', key)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  return {
    /** Throws 429 when the account or the address has failed too often within the window. */
    async assertAllowed(username: string, address: string): Promise<void> {
      const since = isoInSeconds(-settings.windowSeconds);
      const [account, fromAddress] = await Promise.all([
        failuresSince(accountKey(username), since),
        failuresSince(addressKey(address), since),
      ]);
      if (account >= settings.maxFailuresPerAccount || fromAddress >= settings.maxFailuresPerAddress) {
        const minutes = Math.ceil(settings.windowSeconds / 60);
        throw tooManyRequests(
          `Too many failed login attempts. Please wait ${minutes} minutes and try again, or reset your password.`,
        );
      }
    },

    async recordFailure(username: string, address: string): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('login_failures')
        .values([
          { throttle_key: accountKey(username), created_at: now },
          { throttle_key: addressKey(address), created_at: now },
        ])
        .execute();
    },

    /** A successful login forgives the account's earlier failures; old rows are pruned as we go. */
    async recordSuccess(username: string): Promise<void> {
      await db.deleteFrom('login_failures').where('throttle_key', '=', accountKey(username)).execute();
      await db
        .deleteFrom('login_failures')
        .where('created_at', '<', isoInSeconds(-settings.windowSeconds))
        .execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
