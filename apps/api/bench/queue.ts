// npm run bench:queue [-- --jobs 10000 --workers 1,4 --poll-ms 500 --sqlite]
// Issue 20 §5: what the durable job queue costs per job, and how it scales with workers. For each
// worker count W, a fresh database (PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, a role
// that may CREATE DATABASE; `--sqlite`: a file in a temporary folder) gets `--jobs` no-op jobs,
// enqueued through the product's queue 500 to a transaction (timed on their own); then W runners,
// each the product's databaseJobRunner over its own connection pool as a worker process has (all in
// this process, on one event loop), concurrency 1, drain it. A worker's cycle per job is the time
// from its previous job's settle (or the start) to this job's settle: looking for a job (lost races
// and poll waits included), claiming it, the no-op handler and recording it done. Every job must be
// run exactly once, end done on its first attempt and leave nothing queued or running, or the bench
// fails.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { parseConfig } from '../src/config.js';
import type { DatabaseConfig } from '../src/db/database.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrations/index.js';
import { databaseJobQueue } from '../src/jobs/database-job-queue.js';
import { databaseJobRunner } from '../src/jobs/database-job-runner.js';
import { jobHandlers } from '../src/jobs/job-handlers.js';
import { catalogOf, defineJob } from '../src/jobs/job-queue.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '10000' },
    workers: { type: 'string', default: '1,4' },
    // The product's default QUEUE_POLL_MS: a runner claims again at once after each job, and waits
    // this long only when a claim finds nothing (or loses the job to another worker).
    'poll-ms': { type: 'string', default: '500' },
    sqlite: { type: 'boolean', default: false },
  },
});
const jobCount = Number(values.jobs);
if (!Number.isInteger(jobCount) || jobCount < 1 || jobCount > 1_000_000) {
  throw new Error('--jobs must be a whole number from 1 to 1000000');
}
const workerCounts = values.workers.split(',').map(Number);
if (workerCounts.some((count) => !Number.isInteger(count) || count < 1 || count > 32)) {
  throw new Error('--workers must be a comma-separated list of whole numbers from 1 to 32');
}
const pollMs = Number(values['poll-ms']);
if (!Number.isInteger(pollMs) || pollMs < 1) throw new Error('--poll-ms must be a whole number of ms');
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!values.sqlite && !adminUrl) {
  console.error(
    'bench:queue runs on PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a role that may ' +
      'CREATE DATABASE, e.g. postgres://hullscope:hullscope@127.0.0.1:5432/postgres; ' +
      'the bench creates its own database and drops it. `-- --sqlite` measures SQLite instead.',
  );
  process.exit(1);
}

const ENQUEUE_BATCH = 500;
/** A worker process's settings where the environment sets none (the bench's jobs are all main-lane). */
const defaultWorker = parseConfig({}).worker;
const OBJECT_IN_USE = '55006';
const benchJob = defineJob('bench-noop', z.object({ n: z.number().int() }), { maxAttempts: 1 });
const catalog = catalogOf([benchJob]);

/** A brand-new database for one run, and how to drop it. */
async function freshDatabase(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  if (values.sqlite) {
    const dir = await mkdtemp(path.join(tmpdir(), 'hullscope-bench-queue-'));
    return {
      config: { dialect: 'sqlite', filename: path.join(dir, 'bench.sqlite') },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `hullscope_bench_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    config: { dialect: 'postgres', url: url.toString() },
    drop: () =>
      admin(async (client) => {
        // The runners' pools may still be closing their connections: wait for them.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }),
  };
}

/**
 * Times one runner's queries from the outside: with concurrency 1 a runner's queries follow one
 * another (look for a candidate, claim it, settle it), so each kind's durations and outcomes say
 * where a job's time goes. A claim is the update that returns the row; a settle is an update that
 * returns nothing (a lease renewal would be one too, but a no-op job ends long before its first).
 */
class QueryTimer implements KyselyPlugin {
  readonly selectMs: number[] = [];
  readonly claimMs: number[] = [];
  readonly settleMs: number[] = [];
  /** When each settle that recorded a job came back, in order. */
  readonly settledAt: number[] = [];
  emptySelects = 0;
  lostClaims = 0;
  private readonly started = new WeakMap<QueryId, { at: number; kind: 'select' | 'claim' | 'settle' }>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    const kind =
      node.kind === 'SelectQueryNode'
        ? 'select'
        : node.kind === 'UpdateQueryNode'
          ? node.returning
            ? 'claim'
            : 'settle'
          : undefined;
    if (kind) this.started.set(queryId, { at: performance.now(), kind });
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    const query = this.started.get(queryId);
    if (!query) return result;
    const at = performance.now();
    const ms = at - query.at;
    if (query.kind === 'select') {
      this.selectMs.push(ms);
      if (result.rows.length === 0) this.emptySelects += 1;
    } else if (query.kind === 'claim') {
      this.claimMs.push(ms);
      // On PostgreSQL the claim finds its job itself (no select before it): taking nothing there
      // means nothing was ready, not a race lost to another worker.
      if (result.rows.length === 0) {
        if (this.selectMs.length === 0) this.emptySelects += 1;
        else this.lostClaims += 1;
      }
    } else {
      this.settleMs.push(ms);
      if ((result.numAffectedRows ?? 0n) > 0n) this.settledAt.push(at);
    }
    return result;
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Warnings and errors go to stderr and are counted; the per-job info lines are formatted, then dropped. */
const logProblems: string[] = [];
const log = Fastify({
  logger: {
    level: 'info',
    stream: {
      write(line: string) {
        if ((JSON.parse(line) as { level: number }).level >= 40) {
          logProblems.push(line);
          process.stderr.write(line);
        }
      },
    },
  },
}).log;

interface RunResult {
  workers: number;
  enqueueMs: number;
  drainMs: number;
  cycles: number[];
  firstCycles: number[];
  lastCycles: number[];
  selectMs: number[];
  claimMs: number[];
  settleMs: number[];
  emptySelects: number;
  lostClaims: number;
}

async function run(workers: number): Promise<RunResult> {
  const fresh = await freshDatabase();
  const opened: Database[] = [];
  try {
    const setup = openDatabase(fresh.config);
    opened.push(setup);
    await migrateToLatest(setup);

    const queue = databaseJobQueue(catalog);
    const enqueueStarted = performance.now();
    for (let first = 0; first < jobCount; first += ENQUEUE_BATCH) {
      await setup.db.transaction().execute(async (trx) => {
        for (let n = first; n < Math.min(jobCount, first + ENQUEUE_BATCH); n += 1) {
          await queue.enqueue(trx, 'bench-noop', { n });
        }
      });
    }
    const enqueueMs = performance.now() - enqueueStarted;

    const calls = new Uint32Array(jobCount);
    let handled = 0;
    let allHandled!: () => void;
    const done = new Promise<void>((resolve) => (allHandled = resolve));
    const timers = Array.from({ length: workers }, () => new QueryTimer());
    const runners = timers.map((timer) => {
      const database = openDatabase(fresh.config);
      opened.push(database);
      const handlers = jobHandlers(catalog);
      handlers.handle('bench-noop', {
        async handle({ n }) {
          calls[n]! += 1;
          handled += 1;
          if (handled === jobCount) allHandled();
        },
      });
      return databaseJobRunner(
        database.db.withPlugin(timer),
        handlers.complete(),
        { ...defaultWorker, concurrency: 1, pollMs, leaseSeconds: 30 },
        log,
      );
    });

    const started = performance.now();
    for (const runner of runners) runner.start();
    await done;
    // Stopping waits for the jobs in hand, so their settles are in.
    await Promise.all(runners.map((runner) => runner.stop()));
    const drainMs = Math.max(...timers.flatMap((timer) => timer.settledAt)) - started;

    // Correctness: each job handled once, done on its first attempt, nothing left.
    const twice = calls.findIndex((count) => count !== 1);
    if (twice !== -1) throw new Error(`job n=${twice} was handled ${calls[twice]} times`);
    const rows = await setup.db
      .selectFrom('jobs')
      .select(['status', 'attempts', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(['status', 'attempts'])
      .execute();
    const expected = [{ status: 'done', attempts: 1, count: jobCount }];
    if (
      JSON.stringify(rows.map((row) => ({ ...row, count: Number(row.count) }))) !== JSON.stringify(expected)
    ) {
      throw new Error(`jobs table after the run: ${JSON.stringify(rows)}`);
    }
    const settled = timers.reduce((sum, timer) => sum + timer.settledAt.length, 0);
    if (settled !== jobCount) throw new Error(`${settled} settles recorded a job, expected ${jobCount}`);

    // Each worker's cycles in order, and all of them in the order their jobs settled.
    const timeline = timers.flatMap((timer) =>
      timer.settledAt.map((at, index) => ({
        at,
        cycle: at - (index === 0 ? started : timer.settledAt[index - 1]!),
      })),
    );
    timeline.sort((a, b) => a.at - b.at);
    const tenth = Math.max(1, Math.floor(jobCount / 10));
    return {
      workers,
      enqueueMs,
      drainMs,
      cycles: timeline.map(({ cycle }) => cycle),
      firstCycles: timeline.slice(0, tenth).map(({ cycle }) => cycle),
      lastCycles: timeline.slice(-tenth).map(({ cycle }) => cycle),
      selectMs: timers.flatMap((timer) => timer.selectMs),
      claimMs: timers.flatMap((timer) => timer.claimMs),
      settleMs: timers.flatMap((timer) => timer.settleMs),
      emptySelects: timers.reduce((sum, timer) => sum + timer.emptySelects, 0),
      lostClaims: timers.reduce((sum, timer) => sum + timer.lostClaims, 0),
    };
  } finally {
    await Promise.all(opened.map((database) => database.destroy()));
    await fresh.drop();
  }
}

/** Milliseconds, or a dash where nothing was timed (PostgreSQL's claim has no select before it). */
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(2)).padStart(7);
console.log(
  `${values.sqlite ? 'SQLite' : 'PostgreSQL'}; ${jobCount} no-op jobs queued; workers ${workerCounts.join(', ')} ` +
    `(one runner each, own connection pool, concurrency 1, poll ${pollMs} ms); ${availableParallelism()} cores`,
);
const results: RunResult[] = [];
for (const workers of workerCounts) {
  const result = await run(workers);
  results.push(result);
  console.log(
    `  ${workers} worker${workers > 1 ? 's' : ''}: enqueued in ${(result.enqueueMs / 1000).toFixed(1)} s ` +
      `(${Math.round(jobCount / (result.enqueueMs / 1000))} jobs/s, ${ENQUEUE_BATCH} a transaction); ` +
      `every job done once, on its first attempt`,
  );
}

console.log('');
console.log(
  'workers  drain s   jobs/s   cycle per job, ms: p50     p95     p99     max   | first 10% p50  last 10% p50 | SQL p50, ms: select   claim  settle | lost claims  empty polls',
);
for (const result of results) {
  console.log(
    `${String(result.workers).padStart(7)}  ${(result.drainMs / 1000).toFixed(1).padStart(7)}  ${Math.round(
      jobCount / (result.drainMs / 1000),
    )
      .toString()
      .padStart(
        7,
      )}  ${' '.repeat(17)}${ms(percentile(result.cycles, 50))} ${ms(percentile(result.cycles, 95))} ${ms(
      percentile(result.cycles, 99),
    )} ${ms(Math.max(...result.cycles))}   |       ${ms(percentile(result.firstCycles, 50))}       ${ms(
      percentile(result.lastCycles, 50),
    )} |            ${ms(percentile(result.selectMs, 50))} ${ms(percentile(result.claimMs, 50))} ${ms(
      percentile(result.settleMs, 50),
    )} | ${String(result.lostClaims).padStart(11)}  ${String(result.emptySelects).padStart(11)}`,
  );
}
const one = results.find((result) => result.workers === 1);
for (const result of results) {
  if (!one || result === one) continue;
  console.log(
    `throughput with ${result.workers} workers / with 1: ${(one.drainMs / result.drainMs).toFixed(2)}×`,
  );
}
if (logProblems.length > 0) {
  console.error(`${logProblems.length} warnings or errors were logged (above)`);
  process.exitCode = 1;
}
