import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_MODELS_DIR } from './support/test-app.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
let dataDir: string;
let database: TestDatabase;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-shutdown-'));
  database = await createTestDatabase(dataDir);
});
afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the server process', () => {
  it('serves, then on SIGTERM stops accepting, closes and exits 0', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/api/src/main.ts'],
      {
        cwd: repositoryRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          MODELS_DIR: FIXTURE_MODELS_DIR,
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const logs: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 30_000;
    let health: Response | undefined;
    while (!health) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health && Date.now() > deadline) throw new Error(`server did not start: ${logs.join('')}`);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toBeTruthy();

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = logs
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; reqId?: string });
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['Hullscope is running', 'shutting down']),
    );
    expect(lines.find((line) => line.msg === 'request completed')?.reqId).toBeTruthy();
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 60_000);
});
