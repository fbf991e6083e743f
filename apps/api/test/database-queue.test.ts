import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseQueue } from '../src/jobs/database-queue.js';
import type { JobDefinition } from '../src/jobs/job-queue.js';
import { type TestApp, createTestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

/** A job whose handler waits until released, then succeeds or fails as told. */
function gatedJob(name: string) {
  let started!: () => void;
  let release!: (outcome: 'succeed' | 'fail') => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  const outcome = new Promise<'succeed' | 'fail'>((resolve) => (release = resolve));
  const givenUp: unknown[] = [];
  const definition: JobDefinition<{ n: number }> = {
    name,
    payload: z.object({ n: z.number() }),
    maxAttempts: 1,
    async handle() {
      started();
      if ((await outcome) === 'fail') throw new Error('the handler failed');
    },
    async onGiveUp(payload) {
      givenUp.push(payload);
    },
  };
  return { definition, handlerStarted, release, givenUp };
}

/** A queue that knows only this job, polling often. */
function queueFor(definition: JobDefinition<{ n: number }>) {
  return databaseQueue(
    t.app.database.db,
    new Map([[definition.name, definition as JobDefinition<unknown>]]),
    { concurrency: 1, pollMs: 20, leaseSeconds: 30 },
    t.app.log,
  );
}

describe('the database queue', () => {
  // A worker whose lease ran out (a long pause, a stalled disk) may still be running when another
  // worker claims the job. Whatever the first worker does at the end must not touch the job.
  it.each(['succeed', 'fail'] as const)(
    'leaves a job that another worker claimed alone when the first worker ends (%s)',
    async (outcome) => {
      const { db } = t.app.database;
      const job = gatedJob(`gated-${outcome}`);
      const queue = queueFor(job.definition);
      await db.transaction().execute((trx) => queue.enqueue(trx, job.definition, { n: 1 }));
      queue.start();
      await job.handlerStarted;
      const claimed = await db
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', job.definition.name)
        .executeTakeFirstOrThrow();
      expect(claimed).toMatchObject({ status: 'running', attempts: 1 });

      // What a second worker's claim does once the lease has run out.
      await db
        .updateTable('jobs')
        .set({ attempts: 2, locked_until: new Date(Date.now() + 60_000).toISOString() })
        .where('id', '=', claimed.id)
        .execute();
      job.release(outcome);
      await queue.stop();

      const after = await db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', claimed.id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ status: 'running', attempts: 2, last_error: null });
      expect(after.locked_until).not.toBeNull();
      expect(job.givenUp).toEqual([]);
    },
  );

  it('records the end of a job its worker still holds', async () => {
    const { db } = t.app.database;
    const job = gatedJob('gated-held');
    const queue = queueFor(job.definition);
    await db.transaction().execute((trx) => queue.enqueue(trx, job.definition, { n: 2 }));
    queue.start();
    await job.handlerStarted;
    job.release('fail');
    await queue.stop();
    const after = await db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', job.definition.name)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'the handler failed',
      locked_until: null,
    });
    expect(job.givenUp).toEqual([{ n: 2 }]);
  });
});
