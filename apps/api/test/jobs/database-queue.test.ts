import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lockKeys } from '../../src/db/key-lock.js';
import { databaseJobQueue } from '../../src/jobs/database-job-queue.js';
import { databaseJobRunner } from '../../src/jobs/database-job-runner.js';
import { type RegisteredJob, jobHandlers } from '../../src/jobs/job-handlers.js';
import { type JobHandler, catalogOf, defineJob } from '../../src/jobs/job-queue.js';
import { testDialect } from '../support/test-database.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

/** Waits until `what` holds, for at most 10 s (the expectations that follow say what failed). */
async function until(what: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await what()) && Date.now() < deadline) await pause(20);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Marks every job still queued or running ended, so only a test's own jobs are claimable or running. */
async function endEarlierTestsJobs() {
  await t.app.database.db
    .updateTable('jobs')
    .set({ status: 'done', locked_until: null })
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/** A job whose handler waits until released, then succeeds or fails as told. */
function gatedJob(name: string) {
  let started!: () => void;
  let release!: (outcome: 'succeed' | 'fail') => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  const outcome = new Promise<'succeed' | 'fail'>((resolve) => (release = resolve));
  const givenUp: unknown[] = [];
  const runs = { count: 0 };
  const handler: JobHandler<{ n: number }> = {
    async handle() {
      runs.count += 1;
      started();
      if ((await outcome) === 'fail') throw new Error('the handler failed');
    },
    async onGiveUp(payload) {
      givenUp.push(payload);
    },
  };
  return { name, handler, handlerStarted, release, givenUp, runs };
}

/** A queue and a runner that know only this one-attempt job, polling often. */
function queueFor(name: string, handler: JobHandler<{ n: number }>) {
  const catalog = catalogOf([defineJob(name, z.object({ n: z.number() }), { maxAttempts: 1 })]);
  const jobs = jobHandlers(catalog);
  jobs.handle(name, handler);
  const runner = databaseJobRunner(
    t.app.database.db,
    jobs.complete(),
    { ...t.config.worker, concurrency: 1, pollMs: 20, leaseSeconds: 30 },
    t.app.log,
  );
  const queue = databaseJobQueue(catalog);
  return {
    enqueue: (payload: { n: number }) =>
      t.app.database.db.transaction().execute((trx) => queue.enqueue(trx, name, payload)),
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
}

/** The row of the one job named `name` (each test's job has its own name). */
function jobNamed(name: string) {
  return t.app.database.db.selectFrom('jobs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

describe('the database queue', () => {
  // A worker whose lease ran out (a long pause, a stalled disk) may still be running when another
  // worker claims the job. Whatever the first worker does at the end must not touch the job.
  it.each(['succeed', 'fail'] as const)(
    'leaves a job that another worker claimed alone when the first worker ends (%s)',
    async (outcome) => {
      const { db } = t.app.database;
      const job = gatedJob(`gated-${outcome}`);
      const queue = queueFor(job.name, job.handler);
      await queue.enqueue({ n: 1 });
      queue.start();
      await job.handlerStarted;
      const claimed = await jobNamed(job.name);
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
    const job = gatedJob('gated-held');
    const queue = queueFor(job.name, job.handler);
    await queue.enqueue({ n: 2 });
    queue.start();
    await job.handlerStarted;
    job.release('fail');
    await queue.stop();
    const after = await jobNamed(job.name);
    expect(after).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'the handler failed',
      locked_until: null,
    });
    expect(job.givenUp).toEqual([{ n: 2 }]);
  });

  it('gives up a job claimed past its last attempt (its process died during it) without running it', async () => {
    const { db } = t.app.database;
    const job = gatedJob('gated-crashed');
    const queue = queueFor(job.name, job.handler);
    // What a process killed during the job's only attempt leaves: running, its lease run out.
    const past = new Date(Date.now() - 60_000).toISOString();
    await db
      .insertInto('jobs')
      .values({
        name: job.name,
        payload: JSON.stringify({ n: 3 }),
        status: 'running',
        attempts: 1,
        max_attempts: 1,
        locked_until: past,
        run_after: past,
        created_at: past,
        updated_at: past,
      })
      .execute();
    queue.start();
    await vi.waitFor(() => expect(job.givenUp).toEqual([{ n: 3 }]), { timeout: 5_000 });
    await queue.stop();

    const after = await jobNamed(job.name);
    expect(after).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: 'the worker stopped during the last attempt',
    });
    expect(job.runs.count).toBe(0);
  });

  it('marks a job failed only once its give-up has succeeded; a give-up that throws is tried again', async () => {
    const { db } = t.app.database;
    const seenDuringGiveUp: string[] = [];
    const handler: JobHandler<{ n: number }> = {
      async handle() {
        throw new Error('the handler failed');
      },
      async onGiveUp() {
        seenDuringGiveUp.push((await jobNamed('failing-give-up')).status);
        if (seenDuringGiveUp.length === 1) throw new Error('the refund failed');
      },
    };
    const queue = queueFor('failing-give-up', handler);
    await queue.enqueue({ n: 4 });
    queue.start();
    await vi.waitFor(() => expect(seenDuringGiveUp).toHaveLength(1), { timeout: 5_000 });
    const job = () => jobNamed('failing-give-up');
    // Still running and leased: a later claim will give it up again.
    await vi.waitFor(async () => expect((await job()).locked_until).not.toBeNull());
    expect((await job()).status).toBe('running');

    await db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() - 1_000).toISOString() })
      .where('name', '=', 'failing-give-up')
      .execute();
    await vi.waitFor(async () => expect((await job()).status).toBe('failed'), { timeout: 5_000 });
    await queue.stop();
    expect(seenDuringGiveUp).toEqual(['running', 'running']);
    expect(await job()).toMatchObject({
      attempts: 2,
      last_error: 'the worker stopped during the last attempt',
    });
  });
});

describe('several runners on one jobs table', () => {
  it('run every job exactly once between them, each taking a share', async () => {
    const name = 'shared-table';
    const catalog = catalogOf([defineJob(name, z.object({ n: z.number() }), { maxAttempts: 1 })]);
    const handledBy = new Map<number, number[]>();
    const runners = Array.from({ length: 4 }, (_, runnerIndex) => {
      const jobs = jobHandlers(catalog);
      jobs.handle(name, {
        async handle({ n }) {
          handledBy.set(n, [...(handledBy.get(n) ?? []), runnerIndex]);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      });
      return databaseJobRunner(
        t.app.database.db,
        jobs.complete(),
        { ...t.config.worker, concurrency: 1, pollMs: 20, leaseSeconds: 30 },
        t.app.log,
      );
    });
    const queue = databaseJobQueue(catalog);
    const JOBS = 120;
    await t.app.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < JOBS; n += 1) await queue.enqueue(trx, name, { n });
    });
    for (const runner of runners) runner.start();
    const deadline = Date.now() + 30_000;
    while (handledBy.size < JOBS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(runners.map((runner) => runner.stop()));

    expect([...handledBy.values()].filter((runs) => runs.length !== 1)).toEqual([]);
    expect(handledBy.size).toBe(JOBS);
    expect(new Set([...handledBy.values()].flat()).size).toBeGreaterThan(1);
    const rows = await t.app.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('name', '=', name)
      .execute();
    expect(rows.filter((row) => row.status !== 'done' || row.attempts !== 1)).toEqual([]);
  });
});

/** A runner with one main slot and `deliverySlots` for deliveries, polling often. */
function oneMainSlotRunner(jobs: Map<string, RegisteredJob>, deliverySlots: number) {
  return databaseJobRunner(
    t.app.database.db,
    jobs,
    { ...t.config.worker, concurrency: 1, deliveryConcurrency: deliverySlots, pollMs: 20, leaseSeconds: 30 },
    t.app.log,
  );
}

describe('the lanes of one runner', () => {
  beforeEach(endEarlierTestsJobs);

  it('sends a delivery while a long job holds every main slot, and starts the next main job only when a main slot frees', async () => {
    const payload = z.object({ n: z.number() });
    const catalog = catalogOf([
      defineJob('lane-main', payload, { maxAttempts: 1 }),
      defineJob('lane-delivery', payload, { maxAttempts: 1, lane: 'deliveries' }),
    ]);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    /** A handler that records `<job>-<n>` when it starts and ends only when that name is released. */
    const held = (job: string): JobHandler<{ n: number }> => ({
      handle: ({ n }) =>
        new Promise<void>((resolve) => {
          started.push(`${job}-${n}`);
          releases.set(`${job}-${n}`, resolve);
        }),
    });
    const jobs = jobHandlers(catalog);
    jobs.handle('lane-main', held('main'));
    jobs.handle('lane-delivery', held('delivery'));
    const runner = oneMainSlotRunner(jobs.complete(), 2);
    const queue = databaseJobQueue(catalog);
    await t.app.database.db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, 'lane-main', { n: 1 });
      await queue.enqueue(trx, 'lane-main', { n: 2 });
      for (const n of [1, 2, 3]) await queue.enqueue(trx, 'lane-delivery', { n });
    });
    runner.start();
    try {
      // The one main slot holds main-1; both delivery slots fill; main-2 and delivery-3 wait.
      await until(() => started.length >= 3);
      await pause(200);
      expect(started).toEqual(['main-1', 'delivery-1', 'delivery-2']);

      releases.get('delivery-1')!();
      await until(() => started.includes('delivery-3'));
      await pause(200);
      expect(started).toEqual(['main-1', 'delivery-1', 'delivery-2', 'delivery-3']);

      releases.get('main-1')!();
      await until(() => started.includes('main-2'));
      expect(started).toContain('main-2');
    } finally {
      for (const release of releases.values()) release();
      await runner.stop();
    }
    const rows = await t.app.database.db
      .selectFrom('jobs')
      .select(['name', 'status'])
      .where('name', 'in', ['lane-main', 'lane-delivery'])
      .execute();
    expect(rows.filter((row) => row.status !== 'done')).toEqual([]);
  });

  it('never works more main jobs at once than its slots, however often deliveries end and wake it', async () => {
    const payload = z.object({ n: z.number() });
    const catalog = catalogOf([
      defineJob('busy-main', payload, { maxAttempts: 1 }),
      defineJob('busy-delivery', payload, { maxAttempts: 1, lane: 'deliveries' }),
    ]);
    let mainRunning = 0;
    let mostMainRunning = 0;
    const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const jobs = jobHandlers(catalog);
    jobs.handle('busy-main', {
      async handle() {
        mainRunning += 1;
        mostMainRunning = Math.max(mostMainRunning, mainRunning);
        await pause(15);
        mainRunning -= 1;
      },
    });
    jobs.handle('busy-delivery', { handle: () => pause(1) });
    const runner = oneMainSlotRunner(jobs.complete(), 4);
    const queue = databaseJobQueue(catalog);
    const DELIVERIES = 20;
    const MAIN = DELIVERIES / 5;
    await t.app.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < DELIVERIES; n += 1) {
        if (n % 5 === 0) await queue.enqueue(trx, 'busy-main', { n });
        await queue.enqueue(trx, 'busy-delivery', { n });
      }
    });
    runner.start();
    const waking = setInterval(() => runner.wake(), 5);
    const done = () =>
      t.app.database.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('name', 'in', ['busy-main', 'busy-delivery'])
        .where('status', '=', 'done')
        .executeTakeFirstOrThrow();
    try {
      const deadline = Date.now() + 20_000;
      while (Number((await done()).count) < DELIVERIES + MAIN && Date.now() < deadline) await pause(20);
    } finally {
      clearInterval(waking);
      await runner.stop();
    }
    expect(Number((await done()).count)).toBe(DELIVERIES + MAIN);
    expect(mostMainRunning).toBe(1);
  });
});

/**
 * Delivery-lane jobs named `name`, each enqueued with its organisation's fair key (or none) and held
 * until released; records `<key>-<n>` as each starts and the most of one key running at once.
 */
function organisationDeliveries(name: string) {
  const payload = z.object({ key: z.string().nullable(), n: z.number() });
  const catalog = catalogOf([defineJob(name, payload, { maxAttempts: 1, lane: 'deliveries' })]);
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const running = new Map<string | null, number>();
  const mostRunning = new Map<string | null, number>();
  let holding = true;
  const handler: JobHandler<z.infer<typeof payload>> = {
    handle: ({ key, n }) =>
      new Promise<void>((resolve) => {
        started.push(`${key ?? 'none'}-${n}`);
        running.set(key, (running.get(key) ?? 0) + 1);
        mostRunning.set(key, Math.max(mostRunning.get(key) ?? 0, running.get(key)!));
        const end = () => {
          running.set(key, running.get(key)! - 1);
          resolve();
        };
        if (holding) releases.set(`${key ?? 'none'}-${n}`, end);
        else end();
      }),
  };
  const queue = databaseJobQueue(catalog);
  const { db } = t.app.database;
  const statuses = async () =>
    (await db.selectFrom('jobs').select('status').where('name', '=', name).execute()).map(
      (row) => row.status,
    );
  return {
    started,
    mostRunning,
    /** A runner with one main slot, `deliverySlots` and at most 2 deliveries of one key at once. */
    runner(deliverySlots = 4) {
      const jobs = jobHandlers(catalog);
      jobs.handle(name, handler);
      return databaseJobRunner(
        db,
        jobs.complete(),
        {
          concurrency: 1,
          deliveryConcurrency: deliverySlots,
          runningPerFairKey: 2,
          pollMs: 20,
          leaseSeconds: 30,
        },
        t.app.log,
      );
    },
    enqueue: (key: string | null, ns: number[]) =>
      db.transaction().execute(async (trx) => {
        for (const n of ns) await queue.enqueue(trx, name, { key, n }, key === null ? {} : { fairKey: key });
      }),
    release(label: string) {
      releases.get(label)!();
      releases.delete(label);
    },
    /** Ends every held job and lets later ones end at once. */
    releaseAll() {
      holding = false;
      for (const end of releases.values()) end();
      releases.clear();
    },
    statuses,
    /** Waits until `count` of these jobs are done. */
    allDone: (count: number) =>
      until(async () => (await statuses()).filter((status) => status === 'done').length === count),
  };
}

describe('the deliveries of one organisation', () => {
  beforeEach(endEarlierTestsJobs);

  it("run at most 2 at once, and another organisation's delivery is sent meanwhile", async () => {
    const deliveries = organisationDeliveries('fair-two-organisations');
    await deliveries.enqueue('org:A', [1, 2, 3, 4]);
    await deliveries.enqueue('org:B', [1]);
    const runner = deliveries.runner();
    runner.start();
    try {
      // Two of A's fill its cap; B's, queued after all of A's, takes a third slot; the fourth stays free.
      await until(() => deliveries.started.length >= 3);
      await pause(200);
      expect([...deliveries.started]).toEqual(['org:A-1', 'org:A-2', 'org:B-1']);

      // One of A's ends: A's next, in order, takes its place.
      deliveries.release('org:A-1');
      await until(() => deliveries.started.includes('org:A-3'));
      await pause(200);
      expect([...deliveries.started]).toEqual(['org:A-1', 'org:A-2', 'org:B-1', 'org:A-3']);
    } finally {
      deliveries.releaseAll();
      await deliveries.allDone(5);
      await runner.stop();
    }
    expect(await deliveries.statuses()).toEqual(Array(5).fill('done'));
    expect(deliveries.mostRunning.get('org:A')).toBe(2);
  });

  it('run beside deliveries without a key (queued before the cap), which no cap holds back', async () => {
    const deliveries = organisationDeliveries('fair-and-keyless');
    await deliveries.enqueue('org:A', [1, 2, 3]);
    await deliveries.enqueue(null, [1, 2, 3]);
    const runner = deliveries.runner(5);
    runner.start();
    try {
      await until(() => deliveries.started.length >= 5);
      await pause(200);
      expect([...deliveries.started]).toEqual(['org:A-1', 'org:A-2', 'none-1', 'none-2', 'none-3']);
    } finally {
      deliveries.releaseAll();
      await deliveries.allDone(6);
      await runner.stop();
    }
    expect(await deliveries.statuses()).toEqual(Array(6).fill('done'));
    expect(deliveries.mostRunning.get(null)).toBe(3);
  });

  it('are counted across the runners sharing the table', async () => {
    const deliveries = organisationDeliveries('fair-two-runners');
    await deliveries.enqueue('org:A', [1, 2, 3, 4, 5]);
    const first = deliveries.runner();
    const second = deliveries.runner();
    first.start();
    try {
      await until(() => deliveries.started.length >= 2);
      await pause(200);
      expect([...deliveries.started]).toEqual(['org:A-1', 'org:A-2']);

      // The second runner's four free slots take none of A's: the first runner's count.
      second.start();
      await pause(200);
      await deliveries.enqueue('org:B', [1]);
      await until(() => deliveries.started.includes('org:B-1'));
      await pause(200);
      expect([...deliveries.started]).toEqual(['org:A-1', 'org:A-2', 'org:B-1']);

      deliveries.release('org:A-2');
      await until(() => deliveries.started.includes('org:A-3'));
      await pause(200);
      expect([...deliveries.started]).toEqual(['org:A-1', 'org:A-2', 'org:B-1', 'org:A-3']);
    } finally {
      deliveries.releaseAll();
      await deliveries.allDone(6);
      await Promise.all([first.stop(), second.stop()]);
    }
    expect(await deliveries.statuses()).toEqual(Array(6).fill('done'));
    expect(deliveries.mostRunning.get('org:A')).toBe(2);
  });

  // On PostgreSQL two claims at one instant would each count the other's job as not yet running.
  it('never run more than 2 at once, however many runners claim them at the same moment', async () => {
    const name = 'fair-racing';
    const catalog = catalogOf([
      defineJob(name, z.object({ n: z.number() }), { maxAttempts: 1, lane: 'deliveries' }),
    ]);
    let running = 0;
    let mostRunning = 0;
    const runners = Array.from({ length: 4 }, () => {
      const jobs = jobHandlers(catalog);
      jobs.handle(name, {
        async handle() {
          running += 1;
          mostRunning = Math.max(mostRunning, running);
          await pause(5);
          running -= 1;
        },
      });
      return databaseJobRunner(
        t.app.database.db,
        jobs.complete(),
        { ...t.config.worker, deliveryConcurrency: 4, runningPerFairKey: 2, pollMs: 20, leaseSeconds: 30 },
        t.app.log,
      );
    });
    const queue = databaseJobQueue(catalog);
    const JOBS = 24;
    await t.app.database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < JOBS; n += 1) await queue.enqueue(trx, name, { n }, { fairKey: 'org:A' });
    });
    for (const runner of runners) runner.start();
    const waking = setInterval(() => {
      for (const runner of runners) runner.wake();
    }, 5);
    const done = async () =>
      (await t.app.database.db.selectFrom('jobs').select('status').where('name', '=', name).execute()).filter(
        (row) => row.status === 'done',
      ).length;
    try {
      await until(async () => (await done()) === JOBS);
    } finally {
      clearInterval(waking);
      await Promise.all(runners.map((runner) => runner.stop()));
    }
    expect(await done()).toBe(JOBS);
    expect(mostRunning).toBe(2);
  });

  // A worker that stalls mid-claim (frozen, cut off) holds its key's lock until PostgreSQL drops it.
  it.runIf(testDialect === 'postgres')(
    "are passed over while another worker's claim holds their key, and nothing else waits for it",
    async () => {
      const deliveries = organisationDeliveries('fair-stalled-claim');
      await deliveries.enqueue('org:S', [1]);
      await deliveries.enqueue('org:T', [1]);
      let lockTaken!: () => void;
      let endStall!: () => void;
      const taken = new Promise<void>((resolve) => (lockTaken = resolve));
      const stall = new Promise<void>((resolve) => (endStall = resolve));
      const stalledClaim = t.app.database.db.transaction().execute(async (trx) => {
        await lockKeys(trx, ['job-fair-key:org:S']);
        lockTaken();
        await stall;
      });
      await taken;
      const runner = deliveries.runner();
      runner.start();
      try {
        await until(() => deliveries.started.includes('org:T-1'));
        await pause(200);
        expect([...deliveries.started]).toEqual(['org:T-1']);
        endStall();
        await stalledClaim;
        await until(() => deliveries.started.includes('org:S-1'));
        expect([...deliveries.started]).toEqual(['org:T-1', 'org:S-1']);
      } finally {
        endStall();
        deliveries.releaseAll();
        await deliveries.allDone(2);
        await runner.stop();
      }
    },
  );
});
