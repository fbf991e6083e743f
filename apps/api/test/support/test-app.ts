import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { loadConfig } from '../../src/load-config.js';
import { createTestDatabase } from './test-database.js';

/** Small ONNX models with exactly known answers (see fixtures/models/*.py). */
export const FIXTURE_MODELS_DIR = fileURLToPath(new URL('../fixtures/models', import.meta.url));

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/** The real application on a fresh data folder and database, built exactly as main.ts builds it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-test-'));
  const database = await createTestDatabase(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    APP_URL: 'http://hullscope.test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    MODELS_DIR: FIXTURE_MODELS_DIR,
    QUEUE_POLL_MS: '50',
    INFERENCE_THREADS: '1',
    // Every test user comes from one loopback address; the tests of these limits set their own.
    ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR: '100000',
    PASSWORD_RESET_MAILS_PER_ACCOUNT_PER_HOUR: '1000',
    ...env,
  });
  const app = await buildApp(config);
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
