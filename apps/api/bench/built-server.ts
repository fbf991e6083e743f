import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from './bench-support.js';

/**
 * The built product (`node apps/api/dist/main.js`, embedded mode, SQLite) on its own data folder and
 * port, as `npm start` runs it, for benchmarks that drive it over HTTP. Build it first.
 */
export interface BuiltServer {
  base: string;
  /** The server's environment; the admin CLI gets the same, so both see one database. */
  env: NodeJS.ProcessEnv;
  /** Runs an admin CLI command (e.g. create-user) against the server's database. */
  admin(...args: string[]): Promise<void>;
  /** Starts the server and waits until it answers; returns its process id. */
  start(): Promise<number>;
  /** A JSON call; throws on any status but 2xx. */
  api<T>(method: string, url: string, token?: string, body?: unknown): Promise<T>;
  /** Stops the server (SIGTERM) and removes its data folder. */
  close(): Promise<void>;
}

/** The V8 options `npm run serve` starts the server with (package.json), so the bench measures the same. */
const SERVE_NODE_ARGS = ['--heap-growing-percent=50'];

export async function builtServer(extraEnv: Record<string, string> = {}): Promise<BuiltServer> {
  const serverEntry = path.join(repositoryRoot, 'apps/api/dist/main.js');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-bench-server-'));
  const port = 18_000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    QUEUE_POLL_MS: '50',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...extraEnv,
  };
  let server: ChildProcess | undefined;

  return {
    base,
    env,
    async admin(...args) {
      await promisify(execFile)(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/admin.ts', ...args],
        { cwd: repositoryRoot, env },
      );
    },
    async start() {
      // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under a bench
      // (Node refuses --cpu-prof in NODE_OPTIONS); the profile is written when it exits.
      const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const started = spawn(process.execPath, [...SERVE_NODE_ARGS, ...nodeArgs, serverEntry], {
        cwd: repositoryRoot,
        env,
        stdio: 'inherit',
      });
      server = started;
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`the server exited (${started.exitCode})`);
        const healthy = await fetch(`${base}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) return started.pid!;
        if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async api<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async close() {
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
