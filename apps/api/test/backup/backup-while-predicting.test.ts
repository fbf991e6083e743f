import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { balanceOf, ledgerSum } from '../../src/features/credits/ledger.js';
import { imageFiles, predictionFiles } from '../../src/storage/storage-keys.js';
import { signUp } from '../support/accounts.js';
import { runAdmin } from '../support/admin-cli.js';
import { uploadBandedPhotos } from '../support/images.js';
import { fixtureModelId, resolutionId, waitForRequest } from '../support/predictions.js';
import { createProject } from '../support/projects.js';
import { createDataHome, freePort, homeEnv, startServerProcess } from '../support/server-process.js';
import { throttleProcess } from '../support/throttle-process.js';

const IMAGES = 20;
const SPAWNING_TEST_TIMEOUT_MS = 240_000;

type Home = Awaited<ReturnType<typeof createDataHome>>;
let source: Home;
let restored: Home;
let backupsDir: Home;

function envOf(home: Home): Record<string, string> {
  return homeEnv(home, {
    WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
    QUEUE_POLL_MS: '50',
    QUEUE_LEASE_SECONDS: '2',
    INFERENCE_THREADS: '1',
  });
}

beforeAll(async () => {
  source = await createDataHome('hullscope-backup-source-');
  restored = await createDataHome('hullscope-backup-restored-');
  backupsDir = await createDataHome('hullscope-backups-');
});
afterAll(async () => {
  await Promise.all([source.remove(), restored.remove(), backupsDir.remove()]);
});

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

describe('a backup taken while a prediction request and uploads run', () => {
  it(
    'verifies, restores into an empty installation where every row has its files, and the request finishes there exactly once',
    async () => {
      const env = envOf(source);
      const setup = await buildApp(loadConfig({ ...env, WORKER_ENABLED: 'false' }));
      const user = await signUp(setup, path.join(source.dataDir, 'outbox'));
      const projectId = await createProject(setup, user.headers, { name: 'Backup', location: 'Dock' });
      const imageIds = await uploadBandedPhotos(setup, user.headers, projectId, IMAGES);
      const scheduled = await setup.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/request-predict/`,
        headers: user.headers,
        payload: {
          model: await fixtureModelId(setup, user.headers),
          resolution: await resolutionId(setup, user.headers, 'fullhd'),
          images: imageIds,
        },
      });
      expect(scheduled.statusCode, scheduled.body).toBe(201);
      const requestId: number = scheduled.json().request_id;

      const server = startServerProcess({ ...env, PORT: String(await freePort()) });
      const target = path.join(backupsDir.dataDir, 'while-predicting');
      try {
        const requestRow = () =>
          setup.database.db
            .selectFrom('prediction_requests')
            .selectAll()
            .where('id', '=', requestId)
            .executeTakeFirstOrThrow();
        const deadline = Date.now() + 90_000;
        while ((await requestRow()).images_done < 1) {
          if (Date.now() > deadline) throw new Error('the server never finished an image');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // Uploads into a second project go on while the backup runs, as the predictions do. The
        // server predicts at a tenth of its speed meanwhile, so the request outlasts the backup
        // however fast the machine predicts.
        const second = await createProject(setup, user.headers, { name: 'During', location: 'Dock' });
        const fullSpeed = throttleProcess(server, 10, 90);
        const [backup] = await Promise.all([
          runAdmin(env, 'backup', '--to', target),
          uploadBandedPhotos(setup, user.headers, second, 3, [400, 300]),
          uploadBandedPhotos(setup, user.headers, second, 3, [400, 300]),
        ]).finally(fullSpeed);
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/Backup complete/);
        expect((await requestRow()).status, 'the backup was taken mid-request').not.toBe('DONE');
      } finally {
        server.kill('SIGKILL');
        await new Promise((resolve) => server.once('exit', resolve));
        await setup.close();
      }

      const verified = await runAdmin(env, 'backup', '--verify', target);
      expect(verified.code, verified.stderr).toBe(0);
      expect(verified.stdout).toMatch(/is complete: \d+ files match their SHA-256/);

      const restoredEnv = envOf(restored);
      const restoring = await runAdmin(restoredEnv, 'restore', '--from', target);
      expect(restoring.code, restoring.stderr).toBe(0);

      const app = await buildApp(loadConfig(restoredEnv));
      try {
        const { db } = app.database;
        const { storageDir } = loadConfig(restoredEnv);
        // A request cut off by the backup resumes as after a crash.
        const finished = await waitForRequest(app, user.headers, requestId, 120_000);
        expect(finished).toEqual({
          id: requestId,
          status: 'DONE',
          progress: { done: IMAGES, failed: 0, total: IMAGES },
        });

        const images = await db.selectFrom('images').select(['storage_prefix', 'format']).execute();
        expect(images.length).toBeGreaterThanOrEqual(IMAGES);
        for (const image of images) {
          for (const file of [imageFiles.original(image.format), imageFiles.thumbnail]) {
            expect(
              await exists(path.join(storageDir, image.storage_prefix, file)),
              `${image.storage_prefix}/${file}`,
            ).toBe(true);
          }
        }
        const predictions = await db
          .selectFrom('predictions')
          .select(['id', 'storage_prefix', 'image_id'])
          .where('request_id', '=', requestId)
          .execute();
        expect(new Set(predictions.map((row) => row.image_id)).size).toBe(IMAGES);
        expect(predictions).toHaveLength(IMAGES);
        for (const prediction of predictions) {
          for (const file of [predictionFiles.org, predictionFiles.pred]) {
            expect(
              await exists(path.join(storageDir, prediction.storage_prefix, file)),
              `${prediction.storage_prefix}/${file}`,
            ).toBe(true);
          }
          // No STAT.png was in the backup: the chart is drawn from the restored rows when first read.
          const statFile = path.join(storageDir, prediction.storage_prefix, predictionFiles.stat);
          expect(await exists(statFile), statFile).toBe(false);
          const set = await app.inject({
            method: 'GET',
            url: `/api/projects/${projectId}/predictionset/${prediction.id}/`,
            headers: user.headers,
          });
          expect(set.statusCode, set.body).toBe(200);
          expect(Buffer.from(set.json().STAT.base64_image, 'base64')).toEqual(await readFile(statFile));
        }
        // Charged once for the request, nothing refunded, the balance its ledger's sum.
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
        expect(await ledgerSum(db, user.organisationId)).toBe(50 - 2 * IMAGES);

        // The users' session secret came along: the token from before the backup still works.
        const projects = await app.inject({ method: 'GET', url: '/api/projects/', headers: user.headers });
        expect(projects.statusCode).toBe(200);
        expect(
          projects
            .json()
            .map((project: { name: string }) => project.name)
            .sort(),
        ).toEqual(['Backup', 'During']);
      } finally {
        await app.close();
      }
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});
