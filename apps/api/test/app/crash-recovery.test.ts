import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { balanceOf, ledgerSum } from '../../src/features/credits/ledger.js';
import { signUp } from '../support/accounts.js';
import { uploadBandedPhotos } from '../support/images.js';
import { fixtureModelId, resolutionId, waitForRequest } from '../support/predictions.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';
import { createDataHome, freePort, startServerProcess } from '../support/server-process.js';
import { createProject } from '../support/projects.js';

const IMAGES = 12;

let home: Awaited<ReturnType<typeof createDataHome>>;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  home = await createDataHome('hullscope-crash-');
  dataDir = home.dataDir;
  env = {
    DATA_DIR: dataDir,
    DATABASE_URL: home.database.url,
    MODELS_DIR: FIXTURE_MODELS_DIR,
    APP_URL: 'http://hullscope.test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    QUEUE_POLL_MS: '50',
    QUEUE_LEASE_SECONDS: '2',
    INFERENCE_THREADS: '1',
  };
});
afterAll(() => home.remove());

describe('a worker killed in the middle of a request', () => {
  it('resumes on restart: every image predicted once, charged once, nothing refunded', async () => {
    // Set up through the API with the worker off, so the request waits for the server we will kill.
    const setup = await buildApp(loadConfig({ ...env, WORKER_ENABLED: 'false' }));
    const user = await signUp(setup, path.join(dataDir, 'outbox'));
    const projectId = await createProject(setup, user.headers, { name: 'Crash', location: 'Lab' });
    const imageIds = await uploadBandedPhotos(setup, user.headers, projectId, IMAGES);
    const payload = {
      model: await fixtureModelId(setup, user.headers),
      resolution: await resolutionId(setup, user.headers, 'fullhd'),
      images: imageIds,
    };
    const scheduled = await setup.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: user.headers,
      payload,
    });
    expect(scheduled.statusCode).toBe(201);
    const requestId: number = scheduled.json().request_id;
    await setup.close();

    const server = startServerProcess({ ...env, PORT: String(await freePort()) });
    const watch = await buildApp(loadConfig({ ...env, WORKER_ENABLED: 'false' }));
    const progress = () =>
      watch.database.db
        .selectFrom('prediction_requests')
        .selectAll()
        .where('id', '=', requestId)
        .executeTakeFirstOrThrow();
    try {
      const deadline = Date.now() + 60_000;
      while ((await progress()).images_done < 1) {
        if (Date.now() > deadline) throw new Error('the server never finished an image');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
    } finally {
      server.kill('SIGKILL');
      await watch.close();
    }

    const killedAt = await (async () => {
      const app = await buildApp(loadConfig({ ...env, WORKER_ENABLED: 'false' }));
      try {
        return await app.database.db
          .selectFrom('prediction_requests')
          .selectAll()
          .where('id', '=', requestId)
          .executeTakeFirstOrThrow();
      } finally {
        await app.close();
      }
    })();
    expect(killedAt.status).toBe('RUNNING');
    expect(killedAt.images_done).toBeGreaterThanOrEqual(1);
    expect(killedAt.images_done).toBeLessThan(IMAGES);

    const restarted = await buildApp(loadConfig(env));
    try {
      const finished = await waitForRequest(restarted, user.headers, requestId, 60_000);
      expect(finished).toEqual({
        id: requestId,
        status: 'DONE',
        progress: { done: IMAGES, failed: 0, total: IMAGES },
      });
      const { db } = restarted.database;
      const predictions = await db
        .selectFrom('predictions')
        .select('image_id')
        .where('request_id', '=', requestId)
        .execute();
      expect(new Set(predictions.map((row) => row.image_id)).size).toBe(IMAGES);
      expect(predictions).toHaveLength(IMAGES);
      const ledger = await db
        .selectFrom('credit_ledger')
        .selectAll()
        .where('organisation_id', '=', user.organisationId)
        .orderBy('id')
        .execute();
      expect(ledger.map((row) => [row.kind, row.amount])).toEqual([
        ['signup_bonus', 50],
        ['prediction', -2 * IMAGES],
      ]);
      expect(await balanceOf(db, user.organisationId)).toBe(50 - 2 * IMAGES);
      expect(await ledgerSum(db, user.organisationId)).toBe(50 - 2 * IMAGES);
      expect((await db.selectFrom('jobs').select('status').execute()).map((job) => job.status)).toEqual([
        'done',
      ]);
    } finally {
      await restarted.close();
    }
  }, 120_000);
});
