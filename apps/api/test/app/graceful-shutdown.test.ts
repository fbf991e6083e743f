import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataHome, freePort, startServerProcess } from '../support/server-process.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

let home: Awaited<ReturnType<typeof createDataHome>>;
beforeAll(async () => {
  home = await createDataHome('hullscope-shutdown-');
});
afterAll(() => home.remove());

describe('the server process', () => {
  it('serves, then on SIGTERM stops accepting, closes and exits 0', async () => {
    const port = await freePort();
    const child = startServerProcess(
      {
        DATA_DIR: home.dataDir,
        DATABASE_URL: home.database.url,
        MODELS_DIR: FIXTURE_MODELS_DIR,
        PORT: String(port),
      },
      ['ignore', 'pipe', 'pipe'],
    );
    const logs: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code: number | null) => resolve(code)),
    );

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
