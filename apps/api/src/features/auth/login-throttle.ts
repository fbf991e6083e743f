import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoInSeconds } from '../../db/time.js';
import { tooManyRequests } from '../../http/api-error.js';
import { type KeyTally, throttleEventsRepository } from './throttle-events.repository.js';

export interface ThrottleSettings {
  /** Failures of one account from one client address before that pair is refused. */
  maxFailuresPerAccount: number;
  /** Failures from one client address, over all accounts, before the address is refused. */
  maxFailuresPerAddress: number;
  /** Failures of one account from anywhere after which every attempt waits a growing delay. */
  accountDelayAfterFailures: number;
  maxDelaySeconds: number;
  windowSeconds: number;
}

/**
 * A login attempt that holds its place in the counts while its password is verified. A wrong
 * password leaves the reservation as the failure; a right one calls `succeeded`.
 */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const pairPrefix = (username: string) => `account-address:${username.toLowerCase()}|`;
const pairKey = (username: string, address: string) => `${pairPrefix(username)}${address}`;
const addressKey = (address: string) => `address:${address}`;

/** 1 s at the threshold, doubling with each further failure, up to the cap. */
function accountDelaySeconds(failures: number, settings: ThrottleSettings): number {
  if (failures < settings.accountDelayAfterFailures) return 0;
  const doublings = Math.min(failures - settings.accountDelayAfterFailures, 30);
  return Math.min(2 ** doublings, settings.maxDelaySeconds);
}

/**
 * How long an attempt must wait given the failures counted under its keys: the window for a hard
 * limit, what is left of the account's delay, or 0 to go ahead. Judged when the keys are locked,
 * so the previous attempt's time may be later than this one's arrival.
 */
function secondsToWait(
  tallies: Map<string, KeyTally>,
  keys: { pair: string; fromAddress: string; account: string },
  settings: ThrottleSettings,
): number {
  const count = (key: string) => tallies.get(key)?.count ?? 0;
  if (count(keys.pair) >= settings.maxFailuresPerAccount) return settings.windowSeconds;
  if (count(keys.fromAddress) >= settings.maxFailuresPerAddress) return settings.windowSeconds;
  const delayMs = accountDelaySeconds(count(keys.account), settings) * 1000;
  const latest = tallies.get(keys.account)?.latest;
  if (delayMs === 0 || !latest) return 0;
  const waited = Date.now() - Date.parse(latest);
  return waited < delayMs ? Math.ceil((delayMs - waited) / 1000) : 0;
}

/**
 * Throttles logins in the database, so that all API processes share the counts:
 * - a hard limit per account and client address (a stranger elsewhere cannot lock the owner out),
 * - a hard limit per client address over all accounts (one source guessing many accounts),
 * - per account from anywhere, a delay that grows with the failures instead of a lock, which bounds
 *   guessing from many addresses while the owner can still sign in after a short wait.
 *
 * Each attempt is counted and recorded (reserved) in one locked step before its password is
 * verified, so of attempts sent together exactly the limit reach the slow password check.
 */
export function loginThrottle(db: Kysely<DB>, settings: ThrottleSettings) {
  const events = throttleEventsRepository(db);

  function refuse(retryAfterSeconds: number): never {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const wait = retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minutes`;
    throw tooManyRequests(
      `Too many failed login attempts. Please wait ${wait} and try again, or reset your password.`,
      retryAfterSeconds,
    );
  }

  return {
    /** Reserves the attempt, or throws 429 (with Retry-After) when a limit is reached. */
    async begin(username: string, address: string): Promise<LoginAttempt> {
      const keys = [pairKey(username, address), addressKey(address), accountKey(username)];
      const [pair, fromAddress, account] = keys as [string, string, string];
      let retryAfter = 0;
      // The count and the reservation are one step under the keys' locks: attempts sent together
      // take turns, and exactly as many reach the password check as the limits allow.
      const ids = await events.countThenAdd(keys, isoInSeconds(-settings.windowSeconds), (tallies) => {
        retryAfter = secondsToWait(tallies, { pair, fromAddress, account }, settings);
        return retryAfter === 0;
      });
      // A refused attempt is not recorded: the password was never tried.
      if (ids === null) refuse(retryAfter);

      return {
        // The pair's earlier failures are forgiven; the account-wide ones age out on their own, so
        // a guesser elsewhere gets no fresh start from the owner's login.
        succeeded: async () => {
          await events.removeIds(ids);
          await events.removeKey(pair);
          await events.prune();
        },
      };
    },
  };
}

/** Forgets an account's login counts: it is being deleted, and its name may be taken again. */
export async function forgetLoginFailures(db: Kysely<DB>, username: string): Promise<void> {
  const events = throttleEventsRepository(db);
  await events.removeKey(accountKey(username));
  await events.removeKeysStartingWith(pairPrefix(username));
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
