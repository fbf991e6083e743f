import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryRoot } from './support/server';

/**
 * `npm start` builds, then runs `npm run serve`: this starts that last step through npm as a
 * terminal would (npm, then the server it spawns), and stops npm the ways an operator does.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Every process below `pid` (a shell npm spawned, and what that shell started). */
function descendantsOf(pid: number): number[] {
  if (!existsSync(`/proc/${pid}`)) return [];
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

function commandOf(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startThroughNpm() {
  if (!existsSync(path.join(repositoryRoot, 'apps/api/dist/main.js'))) {
    throw new Error('apps/api/dist/main.js is missing: run `npm run build` first.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-npm-start-'));
  // Port 0: the kernel picks a free one, and the start log must say which.
  const npm = spawn('npm', ['run', 'serve'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as a terminal gives a command: Ctrl-C signals the whole group.
    detached: true,
  });
  // Kept from the start, so that cleanup finds a server whose npm has gone.
  let processes: number[] = [];
  let output = '';
  npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  cleanups.push(async () => {
    for (const pid of processes) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });
  const listening = await until('the start log', () =>
    output.match(/"msg":"Listening on (http:\/\/127\.0\.0\.1:(\d+))/)?.slice(1),
  );
  processes = descendantsOf(npm.pid!);
  // The server itself, not a shell around it, is what must go.
  expect(processes.map(commandOf)).toContain('node --heap-growing-percent=50 apps/api/dist/main.js');
  return { npm, processes, url: listening[0]!, exited, output: () => output };
}

describe('npm start', () => {
  it('logs where it listens and that payments are in sandbox mode', async () => {
    const started = await startThroughNpm();
    expect((await fetch(`${started.url}/api/health`)).status).toBe(200);
    expect(started.output()).toContain('Payments are in sandbox mode');
  });

  it('stops the server when npm gets SIGTERM, leaving no process behind', async () => {
    const { npm, processes, url, exited } = await startThroughNpm();
    npm.kill('SIGTERM');
    await exited;
    await until('every process to exit', () => (processes.some(isAlive) ? undefined : true), 15_000);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('stops the server on Ctrl-C (SIGINT to the process group)', async () => {
    const { npm, processes, exited } = await startThroughNpm();
    process.kill(-npm.pid!, 'SIGINT');
    await exited;
    await until('every process to exit', () => (processes.some(isAlive) ? undefined : true), 15_000);
  });
});
