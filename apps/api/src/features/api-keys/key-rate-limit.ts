import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

const WINDOW_MS = 60_000;
/** Refused keys remembered at most; past this many the memory starts again (a key then asks the database once). */
const MAX_REMEMBERED_REFUSALS = 10_000;

/**
 * Requests per key per minute, counted in fixed one-minute windows, each beginning with the key's
 * first request after the last one ended. The count is a row per key in the database, so every API
 * process of a scale-out deployment counts against the same limit; one statement both ends a passed
 * window and counts the request, or refuses it, so of requests sent together exactly the limit get
 * through. A key refused here is refused again without asking the database until its window ends
 * (nothing can reopen it sooner), so a client past its limit costs no writes.
 */
export function keyRateLimit(db: Kysely<DB>, requestsPerMinute: number, now: () => number = Date.now) {
  /** Keys refused in this process, and when their window ends (ms). */
  const refusedUntil = new Map<number, number>();
  const secondsUntil = (endsAt: number, time: number) =>
    Math.min(WINDOW_MS / 1000, Math.max(1, Math.ceil((endsAt - time) / 1000)));
  return {
    /** Counts one request; the seconds until the key may ask again when it is over its limit, else null. */
    async take(keyId: number): Promise<number | null> {
      const time = now();
      const knownEnd = refusedUntil.get(keyId);
      if (knownEnd !== undefined && time < knownEnd) return secondsUntil(knownEnd, time);
      refusedUntil.delete(keyId);
      const started = new Date(time).toISOString();
      const passed = new Date(time - WINDOW_MS).toISOString();
      const counted = await db
        .insertInto('api_key_rate_windows')
        .values({ key_id: keyId, window_started_at: started, requests: 1 })
        .onConflict((conflict) =>
          conflict
            .column('key_id')
            .doUpdateSet((eb) => {
              const windowPassed = eb('api_key_rate_windows.window_started_at', '<=', passed);
              return {
                window_started_at: eb
                  .case()
                  .when(windowPassed)
                  .then(started)
                  .else(eb.ref('api_key_rate_windows.window_started_at'))
                  .end(),
                requests: eb
                  .case()
                  .when(windowPassed)
                  .then(1)
                  .else(eb('api_key_rate_windows.requests', '+', 1))
                  .end(),
              };
            })
            .where((eb) =>
              eb.or([
                eb('api_key_rate_windows.window_started_at', '<=', passed),
                eb('api_key_rate_windows.requests', '<', requestsPerMinute),
              ]),
            ),
        )
        .returning('requests')
        .executeTakeFirst();
      if (counted) return null;
      const window = await db
        .selectFrom('api_key_rate_windows')
        .select('window_started_at')
        .where('key_id', '=', keyId)
        .executeTakeFirst();
      // The clocks of the processes may differ a little: a window never lasts more than a minute here.
      const endsAt = Math.min(
        time + WINDOW_MS,
        window ? Date.parse(window.window_started_at) + WINDOW_MS : time,
      );
      if (refusedUntil.size >= MAX_REMEMBERED_REFUSALS) refusedUntil.clear();
      refusedUntil.set(keyId, endsAt);
      return secondsUntil(endsAt, time);
    },
  };
}
