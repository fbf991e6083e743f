import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/load-config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { type SignedInUser, signUp } from '../support/accounts.js';
import { filesUnder, uploadBandedPhotos } from '../support/images.js';
import { createProject } from '../support/projects.js';
import { fixtureModelId, readZip, resolutionId, waitForRequest } from '../support/predictions.js';
import { remoteApp } from '../support/remote-app.js';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.js';
import {
  createDataHome,
  freePort,
  repositoryRoot,
  startServerProcess,
  startWorkerProcess,
  type WatchedProcess,
  waitUntilHealthy,
  watchProcess,
} from '../support/server-process.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';
import { testDialect } from '../support/test-database.js';

/** Images per user: 40 in all. */
const IMAGES_PER_USER = [14, 13, 13];

let home: Awaited<ReturnType<typeof createDataHome>>;
let s3: S3StandIn;
let env: Record<string, string>;
let database: Database;
const processes: ChildProcess[] = [];

beforeAll(async () => {
  home = await createDataHome('hullscope-scale-');
  s3 = await startS3StandIn();
  env = {
    DATA_DIR: home.dataDir,
    DATABASE_URL: home.database.url,
    MODELS_DIR: FIXTURE_MODELS_DIR,
    APP_URL: 'http://hullscope.test',
    WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
    // Every API process must sign and check the same tokens.
    JWT_SECRET: 'scale-out-test-secret-0123456789abcdef',
    MIGRATE_ON_START: 'false',
    QUEUE_POLL_MS: '50',
    QUEUE_LEASE_SECONDS: '2',
    INFERENCE_THREADS: '1',
    LOG_LEVEL: 'info',
    ...s3.env('fleet'),
  };
  database = openDatabase(loadConfig(env).database);
});
afterAll(async () => {
  for (const child of processes) child.kill('SIGKILL');
  await database.destroy();
  await s3.close();
  await home.remove();
});

/** Runs `npm run migrate` (the admin CLI from the sources) against the shared database. */
async function migrate(): Promise<number | null> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/admin.ts', 'migrate'],
    { cwd: repositoryRoot, env: { ...process.env, ...env }, stdio: 'ignore' },
  );
  return new Promise((resolve) => child.once('exit', resolve));
}

interface Started extends WatchedProcess {
  url: string;
}

/** Starts an API process or a worker process and waits for its health answer. */
async function start(kind: 'api' | 'worker'): Promise<Started> {
  const port = await freePort();
  const piped: StdioOptions = ['ignore', 'pipe', 'pipe'];
  const child =
    kind === 'api'
      ? startServerProcess({ ...env, WORKER_ENABLED: 'false', PORT: String(port) }, piped)
      : startWorkerProcess({ ...env, WORKER_HEALTH_PORT: String(port) }, piped);
  processes.push(child);
  const url = `http://127.0.0.1:${port}`;
  const started = watchProcess(child);
  await waitUntilHealthy(`${url}/api/health`, started);
  return { ...started, url };
}

interface Customer {
  user: SignedInUser;
  projectId: number;
  imageIds: number[];
  requestId: number;
}

async function customer(api: ReturnType<typeof remoteApp>, images: number): Promise<Customer> {
  const user = await signUp(api, path.join(home.dataDir, 'outbox'));
  const projectId = await createProject(api, user.headers, { name: 'Hull survey', location: 'Dry dock' });
  const imageIds = await uploadBandedPhotos(api, user.headers, projectId, images, [1200, 900]);
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
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  return { user, projectId, imageIds, requestId: scheduled.json().request_id };
}

// Several processes writing one database need PostgreSQL: SQLite serves the single embedded process
// (a transaction that read before writing fails at once with SQLITE_BUSY when another process wrote
// meanwhile). CI runs this file in the PostgreSQL suite.
describe.runIf(testDialect === 'postgres')(
  'a scaled-out deployment: PostgreSQL, an S3 bucket, 2 API and 2 worker processes',
  () => {
    it('predicts every image once and charges once though a worker is killed, and either API serves the results', async () => {
      expect(await migrate()).toBe(0);
      const [apiA, apiB, workerA, workerB] = await Promise.all([
        start('api'),
        start('api'),
        start('worker'),
        start('worker'),
      ]);
      const apis = [remoteApp(apiA!.url), remoteApp(apiB!.url)];
      const customers = await Promise.all(
        IMAGES_PER_USER.map((images, index) => customer(apis[index % 2]!, images)),
      );

      // Kill the first worker seen working, once it has finished an image of its request.
      const deadline = Date.now() + 60_000;
      let victim: Started | undefined;
      while (!victim) {
        if (Date.now() > deadline) throw new Error('no worker started a job');
        const done = await database.db
          .selectFrom('prediction_requests')
          .select(({ fn }) => fn.sum<number>('images_done').as('done'))
          .executeTakeFirstOrThrow();
        if (Number(done.done) >= 1)
          victim = [workerA!, workerB!].find((w) => w.messages().includes('job started'));
        if (!victim) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      victim.child.kill('SIGKILL');
      await victim.exited;

      for (const [index, { user, requestId, imageIds }] of customers.entries()) {
        const finished = await waitForRequest(apis[(index + 1) % 2]!, user.headers, requestId, 120_000);
        expect(finished).toEqual({
          id: requestId,
          status: 'DONE',
          progress: { done: imageIds.length, failed: 0, total: imageIds.length },
        });
      }

      const { db } = database;
      for (const { user, requestId, imageIds } of customers) {
        const predicted = await db
          .selectFrom('predictions')
          .select('image_id')
          .where('request_id', '=', requestId)
          .execute();
        expect(predicted.map((row) => row.image_id).sort((a, b) => a - b)).toEqual(imageIds);
        const ledger = await db
          .selectFrom('credit_ledger')
          .select(['kind', 'amount'])
          .where('organisation_id', '=', user.organisationId)
          .orderBy('id')
          .execute();
        expect(ledger.map((row) => [row.kind, row.amount])).toEqual([
          ['signup_bonus', 50],
          ['prediction', -2 * imageIds.length],
        ]);
      }
      const jobs = await db.selectFrom('jobs').select(['status', 'attempts']).execute();
      expect(jobs.map((job) => job.status)).toEqual(['done', 'done', 'done']);
      expect(jobs.map((job) => job.attempts).sort()).toEqual([1, 1, 2]);

      // Results, thumbnails and ZIPs through either API process, the same from both.
      for (const { user, projectId, imageIds } of customers) {
        const thumbnails = await Promise.all(
          apis.map((api) =>
            api.inject({ url: `/api/projects/${projectId}/thumbnails/`, headers: user.headers }),
          ),
        );
        expect(thumbnails.map((response) => response.statusCode)).toEqual([200, 200]);
        expect(thumbnails[0]!.json()).toHaveLength(imageIds.length);
        expect(thumbnails[1]!.json()).toEqual(thumbnails[0]!.json());

        const predictionThumbnails = await apis[1]!.inject({
          url: `/api/projects/${projectId}/image/${imageIds[0]}/prediction-thumbnails/`,
          headers: user.headers,
        });
        const predictionId = predictionThumbnails.json().thumbnails[0].id;
        const sets = await Promise.all(
          apis.map((api) =>
            api.inject({
              url: `/api/projects/${projectId}/predictionset/${predictionId}/`,
              headers: user.headers,
            }),
          ),
        );
        expect(sets.map((response) => response.statusCode)).toEqual([200, 200]);
        expect(sets[1]!.body).toBe(sets[0]!.body);
        expect(sets[0]!.json().PRED).toBeTruthy();

        const zips = await Promise.all(
          apis.map((api) =>
            api.inject({ url: `/api/projects/${projectId}/download/`, headers: user.headers }),
          ),
        );
        expect(zips.map((response) => response.statusCode)).toEqual([200, 200]);
        const [entriesA, entriesB] = await Promise.all(zips.map((response) => readZip(response.rawPayload)));
        expect([...entriesB!.keys()].sort()).toEqual([...entriesA!.keys()].sort());
        expect([...entriesA!.keys()].filter((name) => name.includes('PRED'))).toHaveLength(imageIds.length);
      }

      // Every file went to the bucket; nothing to the local data folder's storage.
      expect(await filesUnder(path.join(home.dataDir, 'storage'))).toEqual([]);
      const stored = await s3
        .client()
        .send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'fleet/users/' }));
      expect(stored.KeyCount).toBeGreaterThan(40 * 3);

      const survivor = victim === workerA ? workerB! : workerA!;
      survivor.child.kill('SIGTERM');
      apiA!.child.kill('SIGTERM');
      apiB!.child.kill('SIGTERM');
      expect(await Promise.all([survivor.exited, apiA!.exited, apiB!.exited])).toEqual([0, 0, 0]);
    }, 240_000);
  },
);
