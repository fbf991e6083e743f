import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { balanceOf, ledgerSum } from '../../src/features/credits/ledger.js';
import { signUp } from '../support/accounts.js';
import { uploadBandedPhotos } from '../support/images.js';
import { createProject } from '../support/projects.js';
import { fixtureModelId, ledgerEntries, resolutionId, waitForRequest } from '../support/predictions.js';
import { createDataHome, startWorkerProcess } from '../support/server-process.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

const IMAGES = 12;
const KILLS = 3;

let home: Awaited<ReturnType<typeof createDataHome>>;
let env: Record<string, string>;
let api: FastifyInstance;

beforeAll(async () => {
  home = await createDataHome('hullscope-worker-crashes-');
  env = {
    DATA_DIR: home.dataDir,
    DATABASE_URL: home.database.url,
    MODELS_DIR: FIXTURE_MODELS_DIR,
    APP_URL: 'http://hullscope.test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
    QUEUE_POLL_MS: '50',
    QUEUE_LEASE_SECONDS: '2',
    INFERENCE_THREADS: '1',
  };
  // An API-only process: each request is left to the worker processes started (and killed) below.
  api = await buildApp(loadConfig({ ...env, WORKER_ENABLED: 'false' }));
});
afterAll(async () => {
  await api.close();
  await home.remove();
});

function requestRow(requestId: number) {
  return api.database.db
    .selectFrom('prediction_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
}

describe('a batch whose workers are killed again and again, by nothing in the batch', () => {
  it(`resumes after each of ${KILLS} kills and completes every image on a healthy worker: charged once, nothing refunded`, async () => {
    const user = await signUp(api, path.join(home.dataDir, 'outbox'));
    const projectId = await createProject(api, user.headers, { name: 'Crashes', location: 'Yard' });
    const imageIds = await uploadBandedPhotos(api, user.headers, projectId, IMAGES);
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

    // Each worker is killed (SIGKILL, as an out-of-memory kill ends it) once it has finished an image
    // more: the crashes come from outside, spread over the batch, as the probe's did.
    let done = 0;
    for (let kill = 0; kill < KILLS; kill += 1) {
      const worker = startWorkerProcess(env);
      try {
        const deadline = Date.now() + 60_000;
        while ((await requestRow(requestId)).images_done <= done) {
          if (Date.now() > deadline) throw new Error(`worker ${kill + 1} finished no image`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        worker.kill('SIGKILL');
        await new Promise((resolve) => worker.once('exit', resolve));
      }
      done = (await requestRow(requestId)).images_done;
    }
    expect(done).toBeLessThan(IMAGES);
    const [job] = await api.database.db.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(job).toEqual({ status: 'running', attempts: KILLS });

    const healthy = startWorkerProcess(env);
    try {
      const finished = await waitForRequest(api, user.headers, requestId, 60_000);
      expect(finished).toEqual({
        id: requestId,
        status: 'DONE',
        progress: { done: IMAGES, failed: 0, total: IMAGES },
      });
    } finally {
      healthy.kill('SIGKILL');
    }
    const { db } = api.database;
    const predicted = await db
      .selectFrom('predictions')
      .select('image_id')
      .where('request_id', '=', requestId)
      .execute();
    expect(new Set(predicted.map((row) => row.image_id))).toEqual(new Set(imageIds));
    expect(predicted).toHaveLength(IMAGES);
    expect(await ledgerEntries(db, user.organisationId)).toEqual([
      { kind: 'signup_bonus', amount: 50 },
      { kind: 'prediction', amount: -2 * IMAGES },
    ]);
    expect(await balanceOf(db, user.organisationId)).toBe(50 - 2 * IMAGES);
    expect(await ledgerSum(db, user.organisationId)).toBe(50 - 2 * IMAGES);
  }, 180_000);
});
