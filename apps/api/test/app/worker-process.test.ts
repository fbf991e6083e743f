import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { balanceOf } from '../../src/features/credits/ledger.js';
import { signUp } from '../support/accounts.js';
import { uploadBandedPhotos } from '../support/images.js';
import { createProject } from '../support/projects.js';
import { fixtureModelId, resolutionId, waitForRequest } from '../support/predictions.js';
import {
  type WatchedProcess,
  createDataHome,
  freePort,
  startWorkerProcess,
  waitUntilHealthy,
  watchProcess,
} from '../support/server-process.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

const IMAGES = 12;

let home: Awaited<ReturnType<typeof createDataHome>>;
let env: Record<string, string>;
let api: FastifyInstance;

beforeAll(async () => {
  home = await createDataHome('hullscope-workers-');
  env = {
    DATA_DIR: home.dataDir,
    DATABASE_URL: home.database.url,
    MODELS_DIR: FIXTURE_MODELS_DIR,
    APP_URL: 'http://hullscope.test',
    WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
    QUEUE_POLL_MS: '50',
    QUEUE_LEASE_SECONDS: '2',
    INFERENCE_THREADS: '1',
  };
  // An API-only process: the requests it takes are left to the worker processes.
  api = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', WORKER_ENABLED: 'false' }));
});
afterAll(async () => {
  await api.close();
  await home.remove();
});

interface WorkerProcess extends WatchedProcess {
  healthUrl: string;
}

async function startWorker(): Promise<WorkerProcess> {
  const port = await freePort();
  const worker = watchProcess(
    startWorkerProcess({ ...env, WORKER_HEALTH_PORT: String(port) }, ['ignore', 'pipe', 'pipe']),
  );
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  await waitUntilHealthy(healthUrl, worker);
  return { ...worker, healthUrl };
}

function requestRow(requestId: number) {
  return api.database.db
    .selectFrom('prediction_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
}

describe('worker processes beside an API process', () => {
  it('take the API’s jobs; when one is killed mid-request another finishes it, every image once', async () => {
    const user = await signUp(api, path.join(home.dataDir, 'outbox'));
    const projectId = await createProject(api, user.headers, { name: 'Fleet', location: 'Yard' });
    const imageIds = await uploadBandedPhotos(api, user.headers, projectId, IMAGES);

    const workers = await Promise.all([startWorker(), startWorker()]);
    const [first] = workers;
    try {
      // Only a health answer on the worker's port: it serves nothing of the API.
      const health = await fetch(first.healthUrl);
      expect([health.status, await health.json()]).toEqual([
        200,
        { status: 'ok', database: 'ok', role: 'worker' },
      ]);
      expect((await fetch(first.healthUrl.replace('/api/health', '/api/projects/'))).status).toBe(404);

      const scheduled = await api.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/request-predict/`,
        headers: user.headers,
        payload: {
          model: await fixtureModelId(api, user.headers),
          resolution: await resolutionId(api, user.headers, 'fullhd'),
          images: imageIds,
        },
      });
      expect(scheduled.statusCode).toBe(201);
      const requestId: number = scheduled.json().request_id;

      const deadline = Date.now() + 60_000;
      while ((await requestRow(requestId)).images_done < 1) {
        if (Date.now() > deadline) throw new Error('no image finished');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const [running, idle] = first.messages().includes('job started') ? workers : [...workers].reverse();
      running!.child.kill('SIGKILL');
      await running!.exited;
      expect(idle!.messages()).not.toContain('job started');
      const killedAt = await requestRow(requestId);
      expect(killedAt.status).toBe('RUNNING');
      expect(killedAt.images_done).toBeLessThan(IMAGES);

      // The second worker takes the job once the dead one's lease has run out.
      const finished = await waitForRequest(api, user.headers, requestId, 60_000);
      expect(finished).toEqual({
        id: requestId,
        status: 'DONE',
        progress: { done: IMAGES, failed: 0, total: IMAGES },
      });
      const { db } = api.database;
      const predicted = await db
        .selectFrom('predictions')
        .select('image_id')
        .where('request_id', '=', requestId)
        .execute();
      expect(predicted).toHaveLength(IMAGES);
      expect(new Set(predicted.map((row) => row.image_id)).size).toBe(IMAGES);
      const ledger = await db
        .selectFrom('credit_ledger')
        .select(['kind', 'amount'])
        .where('organisation_id', '=', user.organisationId)
        .orderBy('id')
        .execute();
      expect(ledger.map((row) => [row.kind, row.amount])).toEqual([
        ['signup_bonus', 50],
        ['prediction', -2 * IMAGES],
      ]);
      expect(await balanceOf(db, user.organisationId)).toBe(50 - 2 * IMAGES);
      expect(await db.selectFrom('jobs').select(['status', 'attempts']).execute()).toEqual([
        { status: 'done', attempts: 2 },
      ]);

      // SIGTERM: the worker stops taking jobs, closes and exits 0.
      idle!.child.kill('SIGTERM');
      expect(await idle!.exited).toBe(0);
      expect(idle!.messages()).toEqual(
        expect.arrayContaining(['Hullscope worker is running', 'job started', 'job done', 'shutting down']),
      );
    } finally {
      for (const worker of workers) worker.child.kill('SIGKILL');
    }
  }, 120_000);
});
