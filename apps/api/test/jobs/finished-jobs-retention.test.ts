import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { JobStatus } from '../../src/db/schema.js';
import { isoInSeconds } from '../../src/db/time.js';
import { removeFinishedJobs } from '../../src/jobs/finished-jobs-retention.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

const DAY = 86_400;

/** A job of `status` last changed `daysAgo` days ago; answers its id. */
async function jobEnded(status: JobStatus, daysAgo: number): Promise<number> {
  const at = isoInSeconds(-daysAgo * DAY);
  const row = await t.app.database.db
    .insertInto('jobs')
    .values({
      name: `retention-${status}-${daysAgo}`,
      payload: '{}',
      status,
      max_attempts: 1,
      run_after: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the retention of finished jobs', () => {
  it('removes only the jobs that ended before the period, never a queued or running one', async () => {
    const kept = [
      await jobEnded('done', 29),
      await jobEnded('failed', 1),
      // A job queued or running long ago (waiting to retry, or its worker's lease running out) is not over.
      await jobEnded('queued', 90),
      await jobEnded('running', 90),
    ];
    const removed = [await jobEnded('done', 31), await jobEnded('failed', 90), await jobEnded('done', 400)];
    expect(await removeFinishedJobs(t.app.database.db, 30)).toBe(removed.length);
    const left = (
      await t.app.database.db
        .selectFrom('jobs')
        .select('id')
        .where('id', 'in', [...kept, ...removed])
        .execute()
    ).map((row) => row.id);
    expect(left.sort((a, b) => a - b)).toEqual(kept);
    expect(await removeFinishedJobs(t.app.database.db, 30)).toBe(0);
  });

  it('runs in every worker from its start', async () => {
    const old = await jobEnded('done', 45);
    // Another process of the installation, with its worker, on the same database.
    const withWorker = await buildApp({ ...t.config, worker: { ...t.config.worker, enabled: true } });
    try {
      await withWorker.ready();
      await vi.waitFor(
        async () => {
          const row = await t.app.database.db
            .selectFrom('jobs')
            .select('id')
            .where('id', '=', old)
            .executeTakeFirst();
          expect(row).toBeUndefined();
        },
        { timeout: 10_000 },
      );
    } finally {
      await withWorker.close();
    }
  });

  it('removes any number of them, a batch at a time', async () => {
    await removeFinishedJobs(t.app.database.db, 30);
    const at = isoInSeconds(-60 * DAY);
    const rows = Array.from({ length: 12_001 }, (_, n) => ({
      name: `retention-many-${n}`,
      payload: '{}',
      status: 'done' as const,
      max_attempts: 1,
      run_after: at,
      created_at: at,
      updated_at: at,
    }));
    for (let from = 0; from < rows.length; from += 1_000) {
      await t.app.database.db
        .insertInto('jobs')
        .values(rows.slice(from, from + 1_000))
        .execute();
    }
    expect(await removeFinishedJobs(t.app.database.db, 30)).toBe(rows.length);
  });
});
