import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_MODELS_DIR } from './test-app.js';
import { type TestDatabase, createTestDatabase } from './test-database.js';

export const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A data folder with its own database, for tests that run the server as a separate process. */
export async function createDataHome(
  prefix: string,
): Promise<{ dataDir: string; database: TestDatabase; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const database = await createTestDatabase(dataDir);
  return {
    dataDir,
    database,
    async remove() {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The environment that points a process of the product (or the admin CLI) at a data home: its folder
 * and database, the fixture models, no log, no scheduled backup; `extra` adds or overrides.
 */
export function homeEnv(
  home: { dataDir: string; database: TestDatabase },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATA_DIR: home.dataDir,
    DATABASE_URL: home.database.url,
    MODELS_DIR: FIXTURE_MODELS_DIR,
    APP_URL: 'http://hullscope.test',
    LOG_LEVEL: 'silent',
    BACKUP_INTERVAL_HOURS: '0',
    ...extra,
  };
}

/** `node apps/api/src/main.ts` (TypeScript sources), as `npm run dev` starts it, with the given environment. */
export function startServerProcess(
  env: Record<string, string>,
  stdio: StdioOptions = 'ignore',
): ChildProcess {
  return startEntry('apps/api/src/main.ts', env, stdio);
}

/** `node apps/api/src/worker-main.ts` (TypeScript sources): what `npm run worker` starts, built. */
export function startWorkerProcess(
  env: Record<string, string>,
  stdio: StdioOptions = 'ignore',
): ChildProcess {
  return startEntry('apps/api/src/worker-main.ts', env, stdio);
}

function startEntry(entry: string, env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env, HOST: '127.0.0.1' },
    stdio,
  });
}

/** A child process whose output is kept: its pino log messages, and how it ended. */
export interface WatchedProcess {
  child: ChildProcess;
  /** The `msg` of every complete JSON log line so far. */
  messages(): string[];
  output(): string;
  exited: Promise<number | null>;
}

/** Keeps a child's stdout and stderr (started with both piped) for its log messages. */
export function watchProcess(child: ChildProcess): WatchedProcess {
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => chunks.join('');
  return {
    child,
    exited,
    output,
    // Pino writes one JSON object per line; a line cut off at the moment of reading is left for later.
    messages: () =>
      output()
        .split('\n')
        .filter((line) => line.startsWith('{') && line.endsWith('}'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg),
  };
}

/** Waits until `url` answers 2xx (a process's health check), failing with its output after 60 s. */
export async function waitUntilHealthy(url: string, watched: WatchedProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await fetch(url).catch(() => undefined))?.ok) {
    if (Date.now() > deadline) throw new Error(`${url} never answered: ${watched.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
