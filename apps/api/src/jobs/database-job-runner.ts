import type { FastifyBaseLogger } from 'fastify';
import { type ExpressionBuilder, type Kysely, type OperandValueExpressionOrList, sql } from 'kysely';
import { tryLockKey } from '../db/key-lock.js';
import { locksRows } from '../db/row-lock.js';
import type { DB, JobRow } from '../db/schema.js';
import { isoInSeconds, nowIso } from '../db/time.js';
import type { RegisteredJob } from './job-handlers.js';
import { JobInterruptedError, type JobLane, type JobRunner } from './job-queue.js';

export interface DatabaseJobRunnerOptions {
  /** Jobs of the 'main' lane worked at once (JobLane). */
  concurrency: number;
  /** Jobs of the 'deliveries' lane worked at once, beside the main lane's. */
  deliveryConcurrency: number;
  /**
   * Jobs of one fair key (EnqueueOptions.fairKey: a webhook delivery's organisation) running at once,
   * counted in the table across every worker. A job whose key is at this limit is passed over and
   * stays queued in its place until one of them ends, so one organisation's slow receiver cannot
   * fill every worker's delivery slots while the others' deliveries wait.
   */
  runningPerFairKey: number;
  pollMs: number;
  /** A running job's lease; the worker renews it while working. A job whose lease ran out is taken again. */
  leaseSeconds: number;
}

const MAX_BACKOFF_SECONDS = 300;

/**
 * Works the durable `jobs` table (see database-job-queue.ts) with this process's handlers. Any number
 * of runners, in any number of processes, share one table: a claim is an update that only one of
 * them wins. Jobs survive restarts; a job whose worker died (its lease ran out) is picked up again.
 */
export function databaseJobRunner(
  db: Kysely<DB>,
  jobs: Map<string, RegisteredJob>,
  options: DatabaseJobRunnerOptions,
  log: FastifyBaseLogger,
): JobRunner {
  const controller = new AbortController();
  const running = new Set<Promise<void>>();
  const deliveryNames = [...jobs].filter(([, job]) => job.spec.lane === 'deliveries').map(([name]) => name);
  const runningIn = { main: 0, deliveries: 0 };
  const slots = {
    main: options.concurrency,
    deliveries: deliveryNames.length > 0 ? options.deliveryConcurrency : 0,
  };
  const laneOf = (name: string): JobLane => (deliveryNames.includes(name) ? 'deliveries' : 'main');
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let polling: Promise<void> | undefined;
  let pollAgain = false;

  const rowLocks = locksRows(db);

  /**
   * Takes the oldest ready job of the lanes with a free slot whose fair key, if it has one, is below
   * its limit: the job, or 'empty' when none is ready, or 'lost' when another worker took the one
   * found first (look again at once). The main lane takes every job not named as a delivery, a job no
   * handler here knows included (it fails with its reason). Jobs of the fair keys in `passedOver`
   * are not looked at: this poll found another worker claiming one of them.
   *
   * On PostgreSQL a short transaction finds the job, skipping jobs other workers are taking at that
   * moment (FOR UPDATE SKIP LOCKED), so workers never queue behind one row's lock, and takes it. A
   * job with a fair key is taken only once this worker holds the key's lock (key-lock.ts): claims
   * of one key run one at a time, and the update, a statement begun after the previous claim of
   * the key committed, counts that claim, so two workers claiming at once cannot both take the
   * key's last free place. The lock is only tried: a worker never waits on another's claim (one
   * that stalled mid-claim would hold up every lane), it passes that key over until its next poll. On SQLite, whose writes run one at a time, the guarded update lets only
   * one of several processes win a job, and counts the key's running jobs as it writes.
   */
  async function claim(
    lanes: { main: boolean; deliveries: boolean },
    passedOver: Set<string>,
  ): Promise<JobRow | 'empty' | 'lost'> {
    const now = nowIso();
    const oneLane = deliveryNames.length > 0 && lanes.main !== lanes.deliveries;
    // A job whose lease ran out belongs to a dead worker: it holds none of its key's places.
    const keysAtLimit = (eb: ExpressionBuilder<DB, 'jobs'>) =>
      eb
        .selectFrom('jobs as busy')
        .select('busy.fair_key')
        // A literal, as the partial index's condition is (0028), so the planner may use the index.
        .where('busy.status', '=', sql.lit('running'))
        .where('busy.locked_until', '>=', now)
        .where('busy.fair_key', 'is not', null)
        .groupBy('busy.fair_key')
        .having((having) => having.fn.countAll(), '>=', options.runningPerFairKey);
    const claimable = (eb: ExpressionBuilder<DB, 'jobs'>) =>
      eb.and([
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
        ]),
        ...(oneLane ? [eb('name', lanes.main ? 'not in' : 'in', deliveryNames)] : []),
        eb.or([
          eb('fair_key', 'is', null),
          eb.and([
            eb('fair_key', 'not in', keysAtLimit(eb)),
            ...(passedOver.size > 0 ? [eb('fair_key', 'not in', [...passedOver])] : []),
          ]),
        ]),
      ]);
    const take = (executor: Kysely<DB>, candidate: OperandValueExpressionOrList<DB, 'jobs', 'id'>) =>
      executor
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_until: isoInSeconds(options.leaseSeconds),
          updated_at: now,
        }))
        .where('id', '=', candidate)
        .where(claimable)
        .returningAll()
        .executeTakeFirst();
    if (rowLocks) {
      return db.transaction().execute(async (trx) => {
        const candidate = await trx
          .selectFrom('jobs')
          .select(['id', 'fair_key'])
          .where(claimable)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!candidate) return 'empty';
        if (candidate.fair_key !== null && !(await tryLockKey(trx, `job-fair-key:${candidate.fair_key}`))) {
          passedOver.add(candidate.fair_key);
          return 'lost';
        }
        // 'lost' when the key reached its limit meanwhile: the next look passes its jobs over.
        return (await take(trx, candidate.id)) ?? 'lost';
      });
    }
    const candidate = await db
      .selectFrom('jobs')
      .select('id')
      .where(claimable)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return 'empty';
    return (await take(db, candidate.id)) ?? 'lost';
  }

  /**
   * The job's row while this worker still holds it. Every claim counts an attempt, so once the lease
   * ran out and another worker claimed the job, the attempts differ and this worker's updates match
   * nothing: it can no longer renew, requeue, finish or give up a job that is not its own.
   */
  const heldBy = (job: JobRow) => (eb: ExpressionBuilder<DB, 'jobs'>) =>
    eb.and([eb('id', '=', job.id), eb('status', '=', 'running'), eb('attempts', '=', job.attempts)]);

  /**
   * Records how the job ended; false when another worker holds it now (nothing is changed). `error`,
   * what ended it here if anything, is logged with the warning then, as nothing else logs it.
   */
  async function settle(
    job: JobRow,
    changes: Partial<Pick<JobRow, 'status' | 'run_after' | 'last_error' | 'attempts'>>,
    error?: unknown,
  ): Promise<boolean> {
    const result = await db
      .updateTable('jobs')
      .set({ ...changes, locked_until: null, updated_at: nowIso() })
      .where(heldBy(job))
      .executeTakeFirst();
    const held = result.numUpdatedRows > 0n;
    if (!held) {
      log.warn(
        { err: error, jobId: job.id, job: job.name, attempt: job.attempts },
        'job taken by another worker after its lease ran out; leaving it to that worker',
      );
    }
    return held;
  }

  /** Extends the job's lease; false when another worker holds it now. */
  async function renewLease(job: JobRow): Promise<boolean> {
    const result = await db
      .updateTable('jobs')
      .set({ locked_until: isoInSeconds(options.leaseSeconds) })
      .where(heldBy(job))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * The job has failed for good: its handler's onGiveUp leaves the business state consistent (refunds)
   * while this worker still holds the job, and only then is it marked failed. A process that dies
   * in between leaves the job running; its lease runs out and the next claim gives it up again
   * (onGiveUp is idempotent). A job another worker holds now is left to that worker.
   */
  async function giveUp(job: JobRow, registered: RegisteredJob | undefined, error: unknown) {
    if (!(await renewLease(job))) {
      log.warn(
        { err: error, jobId: job.id, job: job.name, attempt: job.attempts },
        'job taken by another worker after its lease ran out; leaving it to that worker',
      );
      return;
    }
    await registered?.handler.onGiveUp?.(JSON.parse(job.payload), error);
    const message = error instanceof Error ? error.message : String(error);
    if (await settle(job, { status: 'failed', last_error: message }, error)) {
      log.error({ err: error, jobId: job.id, job: job.name }, 'job failed for good');
    }
  }

  async function work(job: JobRow): Promise<void> {
    const registered = jobs.get(job.name);
    const heartbeat = setInterval(
      () => {
        renewLease(job).catch((error: unknown) =>
          log.warn({ err: error, jobId: job.id }, 'job lease renewal failed'),
        );
      },
      (options.leaseSeconds * 1000) / 3,
    );
    const runnerBoundsRetries = !registered?.spec.handlerBoundsRetries;
    try {
      if (runnerBoundsRetries && job.attempts > job.max_attempts) {
        // Claimed past its last attempt: that attempt ended with its process (a crash, an
        // out-of-memory kill), which running it once more might repeat on every restart.
        await giveUp(job, registered, new Error('the worker stopped during the last attempt'));
        return;
      }
      if (!registered) throw new Error(`No handler for job "${job.name}"`);
      const payload = registered.spec.payload.parse(JSON.parse(job.payload));
      // With several worker processes, the logs say which one ran (or was running) a job.
      log.info({ jobId: job.id, job: job.name, attempt: job.attempts }, 'job started');
      await registered.handler.handle(payload, { signal: controller.signal, attempt: job.attempts });
      if (await settle(job, { status: 'done', last_error: null })) {
        log.info({ jobId: job.id, job: job.name }, 'job done');
      }
    } catch (error) {
      if (error instanceof JobInterruptedError) {
        // Logged only when it was still ours: a job another worker holds was not requeued by us.
        if (await settle(job, { status: 'queued', attempts: job.attempts - 1 })) {
          log.info({ jobId: job.id, job: job.name }, 'job interrupted by shutdown; requeued');
        }
        return;
      }
      if (runnerBoundsRetries && job.attempts >= job.max_attempts) {
        await giveUp(job, registered, error);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const delay = Math.min(MAX_BACKOFF_SECONDS, 2 ** job.attempts);
      if (
        await settle(job, { status: 'queued', run_after: isoInSeconds(delay), last_error: message }, error)
      ) {
        log.warn(
          { err: error, jobId: job.id, job: job.name, attempt: job.attempts },
          'job failed; will retry',
        );
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * One poll at a time: two would both see a lane's free slot before either claim returned and
   * take more jobs than it has slots. A wake-up during a poll polls again once it ends.
   */
  function poll(): Promise<void> {
    timer = undefined;
    if (polling) {
      pollAgain = true;
      return polling;
    }
    polling = claimWhileFree().finally(() => {
      polling = undefined;
      const again = pollAgain;
      pollAgain = false;
      schedule(again ? 0 : options.pollMs);
    });
    return polling;
  }

  async function claimWhileFree(): Promise<void> {
    if (controller.signal.aborted) return;
    const passedOver = new Set<string>();
    try {
      while (!controller.signal.aborted) {
        const free = {
          main: runningIn.main < slots.main,
          deliveries: runningIn.deliveries < slots.deliveries,
        };
        if (!free.main && !free.deliveries) break;
        const job = await claim(free, passedOver);
        if (job === 'empty') break;
        if (job === 'lost') continue;
        if (controller.signal.aborted) {
          // Claimed while stopping: put back untouched for the next worker, as an interrupted job is.
          await settle(job, { status: 'queued', attempts: job.attempts - 1 });
          break;
        }
        const lane = laneOf(job.name);
        runningIn[lane] += 1;
        const task = work(job)
          // What could not be recorded (the database failing, onGiveUp throwing) leaves the job
          // running: its lease runs out and it is claimed again.
          .catch((error: unknown) =>
            log.error({ err: error, jobId: job.id, job: job.name }, 'job left unsettled'),
          )
          .finally(() => {
            runningIn[lane] -= 1;
            running.delete(task);
            schedule(0);
          });
        running.add(task);
      }
    } catch (error) {
      log.error({ err: error }, 'job queue poll failed');
    }
  }

  function schedule(delayMs: number): void {
    if (controller.signal.aborted || !started) return;
    if (timer) {
      if (delayMs > 0) return;
      clearTimeout(timer);
    }
    timer = setTimeout(() => void poll(), delayMs);
  }

  return {
    start() {
      started = true;
      schedule(0);
    },
    wake() {
      if (started) schedule(0);
    },
    async stop() {
      controller.abort();
      if (timer) clearTimeout(timer);
      // A claim in flight ends first, so a job it took is put back or waited for below.
      await polling;
      await Promise.allSettled([...running]);
    },
  };
}
