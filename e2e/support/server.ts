import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repositoryRoot, 'apps/api/dist/main.js');
const webIndex = path.join(repositoryRoot, 'apps/web/dist/index.html');

export interface RunningServer {
  url: string;
  dataDir: string;
  outboxDir: string;
  logs: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  logs: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${logs()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${logs()}`);
}

/**
 * Starts the built product (`npm run build` first) as `npm start` would, on a free port with a
 * fresh DATA_DIR, so every suite gets an empty database, outbox and storage.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (const required of [serverEntry, webIndex]) {
    if (!existsSync(required)) throw new Error(`${required} is missing: run \`npm run build\` first.`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser of the suite comes from one loopback address.
      ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR: '10000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const logs = () => output;
  try {
    await waitForHealth(url, child, logs, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
