import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { isoInSeconds } from '../db/time.js';
import { repeatDaily } from '../lib/repeat-daily.js';

/** Rows removed per statement, so SQLite's single write lock is never held long for this. */
const BATCH = 5_000;

/**
 * Removes the jobs that ended (done or failed) before the retention period: nothing reads them
 * once they ended (each feature keeps its own record: requests, deliveries, exports), and every
 * image's prediction request and every webhook attempt adds one. Answers how many were removed.
 */
export async function removeFinishedJobs(db: Kysely<DB>, retentionDays: number): Promise<number> {
  const before = isoInSeconds(-retentionDays * 86_400);
  let removed = 0;
  for (;;) {
    const result = await db
      .deleteFrom('jobs')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', ['done', 'failed'])
          .where('updated_at', '<', before)
          // In one order, so workers removing at the same moment wait on each other, never deadlock.
          .orderBy('id')
          .limit(BATCH),
      )
      .executeTakeFirst();
    const count = Number(result.numDeletedRows);
    removed += count;
    if (count < BATCH) return removed;
  }
}

/** Removes finished jobs past retention now and then daily, until `signal` aborts. */
export function keepFinishedJobsRetention(
  db: Kysely<DB>,
  retentionDays: number,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): void {
  const run = () =>
    void removeFinishedJobs(db, retentionDays)
      .then((removed) => {
        if (removed > 0) log.info({ removed, retentionDays }, 'finished jobs past retention removed');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'finished jobs retention failed'));
  repeatDaily(run, signal);
}
