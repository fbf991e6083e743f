import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { repositoryRoot } from './bench-support.js';
import { type BuiltServer, builtServer } from './built-server.js';
import type { WatchedPid } from './process-watch.js';

/** How the product is deployed for a survey: embedded (SQLite, jobs in the server) or PostgreSQL with worker processes. */
export type SurveyMode = 'sqlite' | 'pg1' | 'pg2';
export const SURVEY_MODES: readonly SurveyMode[] = ['sqlite', 'pg1', 'pg2'];

export const MODE_LABELS: Record<SurveyMode, string> = {
  sqlite: 'embedded default (SQLite, jobs in the server process)',
  pg1: 'PostgreSQL, API server + 1 worker process',
  pg2: 'PostgreSQL, API server + 2 worker processes',
};

/** A running deployment: its server (for HTTP and the admin CLI) and every process to watch. */
export interface SurveyDeployment {
  server: BuiltServer;
  processes: WatchedPid[];
  close(): Promise<void>;
}

/** The role that may create databases: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local default. */
function adminDatabaseUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://hullscope:hullscope@127.0.0.1:5432/postgres'
  );
}

async function onAdminDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for one run, dropped afterwards. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hullscope_survey_${randomBytes(6).toString('hex')}`;
  await onAdminDatabase(`CREATE DATABASE ${name}`);
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdminDatabase(`DROP DATABASE IF EXISTS ${name}`) };
}

/** The V8 option and allocator setting `npm run worker` starts a worker with (package.json). */
function startWorker(env: NodeJS.ProcessEnv, healthPort: number): ChildProcess {
  return spawn(
    process.execPath,
    ['--heap-growing-percent=50', path.join(repositoryRoot, 'apps/api/dist/worker-main.js')],
    { cwd: repositoryRoot, env: { ...env, WORKER_HEALTH_PORT: String(healthPort) }, stdio: 'inherit' },
  );
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a worker exited (${child.exitCode})`);
    if ((await fetch(url).catch(() => undefined))?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the built product as `mode` deploys it, on a fresh data folder (and database): the
 * embedded default as `npm run serve` runs it, or an API server with WORKER_ENABLED=false and 1 or
 * 2 `npm run worker` processes on one PostgreSQL database and one data folder. `beforeStart` runs
 * once the database exists, before any process (the admin CLI seeds the user there).
 */
export async function startDeployment(
  mode: SurveyMode,
  beforeStart: (server: BuiltServer) => Promise<void>,
): Promise<SurveyDeployment> {
  const workerCount = mode === 'pg1' ? 1 : mode === 'pg2' ? 2 : 0;
  const database = workerCount > 0 ? await freshDatabase() : undefined;
  const server = await builtServer(
    database
      ? {
          DATABASE_URL: database.url,
          WORKER_ENABLED: 'false',
          // The processes must sign and check the same tokens (README: several API processes).
          JWT_SECRET: randomBytes(32).toString('hex'),
        }
      : {},
  );
  const workers: ChildProcess[] = [];
  const close = async () => {
    for (const worker of workers) await stop(worker);
    await server.close();
    await database?.drop();
  };
  try {
    await beforeStart(server);
    const processes: WatchedPid[] = [
      { label: workerCount > 0 ? 'api' : 'server', pid: await server.start() },
    ];
    const port = Number(new URL(server.base).port);
    for (let index = 0; index < workerCount; index += 1) {
      const worker = startWorker(server.env, port + 1 + index);
      workers.push(worker);
      await waitUntilHealthy(`http://127.0.0.1:${port + 1 + index}/api/health`, worker);
      processes.push({ label: `worker ${index + 1}`, pid: worker.pid! });
    }
    return { server, processes, close };
  } catch (error) {
    await close();
    throw error;
  }
}
