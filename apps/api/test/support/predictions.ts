import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { fromBuffer } from 'yauzl';
import { expect } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { predictRequestHandler } from '../../src/features/predictions/run-predict-request.js';
import type { SessionCache } from '../../src/inference/session-cache.js';
import { localStorage } from '../../src/storage/local-storage.js';
import type { Storage } from '../../src/storage/storage.js';
import { signUp } from './accounts.js';
import { solidImage, upload } from './images.js';
import { createProject } from './projects.js';
import type { TestApp } from './test-app.js';

export async function fixtureModelId(
  app: FastifyInstance,
  headers: { authorization: string },
): Promise<number> {
  const models = (await app.inject({ method: 'GET', url: '/api/cvmodels/', headers })).json();
  const model = models.find((entry: { name: string }) => entry.name === 'Color Classes');
  expect(model, 'the color-classes fixture model is registered').toBeDefined();
  return model.id;
}

export async function resolutionId(
  app: FastifyInstance,
  headers: { authorization: string },
  name: string,
): Promise<number> {
  const resolutions = (await app.inject({ method: 'GET', url: '/api/resolutions/', headers })).json();
  return resolutions.find((entry: { name: string }) => entry.name === name).id;
}

/** Polls GET /api/request/{id}/ as the web app does, until the request has finished. */
export async function waitForRequest(
  app: FastifyInstance,
  headers: { authorization: string },
  requestId: number,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await app.inject({ method: 'GET', url: `/api/request/${requestId}/`, headers })).json();
    if (body.status === 'DONE' || body.status === 'FAILED') return body;
    if (Date.now() > deadline)
      throw new Error(`request ${requestId} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The names and contents of every entry of a ZIP. */
export function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * A signed-up user's request for the fixture model at standard resolution over freshly uploaded
 * solid PNGs (one per name), scheduled through the API; answers the user and the request id.
 */
export async function scheduleFixtureRequest(app: FastifyInstance, outboxDir: string, imageNames: string[]) {
  const user = await signUp(app, outboxDir);
  const projectId = await createProject(app, user.headers);
  const picture = await solidImage('png');
  const uploaded = await upload(
    app,
    user.headers,
    projectId,
    imageNames.map((name) => ({ name: `${name}.png`, data: picture })),
  );
  const scheduled = await app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/request-predict/`,
    headers: user.headers,
    payload: {
      model: await fixtureModelId(app, user.headers),
      resolution: await resolutionId(app, user.headers, 'standard'),
      images: uploaded.json().data.map((entry: { id: number }) => entry.id),
    },
  });
  expect(scheduled.statusCode).toBe(201);
  return { user, requestId: scheduled.json().request_id as number };
}

/**
 * Predicts the project's images `imageIds` with the fixture model at `resolution` (by name) through
 * the API and waits until the request is done; answers the project's API path.
 */
export async function predictUploaded(
  app: FastifyInstance,
  headers: { authorization: string },
  projectId: number,
  imageIds: number[],
  resolution = 'standard',
): Promise<string> {
  const base = `/api/projects/${projectId}`;
  const scheduled = await app.inject({
    method: 'POST',
    url: `${base}/request-predict/`,
    headers,
    payload: {
      model: await fixtureModelId(app, headers),
      resolution: await resolutionId(app, headers, resolution),
      images: imageIds,
    },
  });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  expect((await waitForRequest(app, headers, scheduled.json().request_id)).status).toBe('DONE');
  return base;
}

/**
 * Uploads `images` to the user's project, predicts them all with the fixture model at standard
 * resolution through the API and waits until the request is done; answers the image ids in upload
 * order and the project's API path.
 */
export async function predictWithFixtureModel(
  app: FastifyInstance,
  headers: { authorization: string },
  projectId: number,
  images: { name: string; data: Buffer }[],
): Promise<{ imageIds: number[]; base: string }> {
  const uploaded = await upload(app, headers, projectId, images);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const imageIds: number[] = uploaded.json().data.map((entry: { id: number }) => entry.id);
  return { imageIds, base: await predictUploaded(app, headers, projectId, imageIds) };
}

/**
 * The prediction job's handler over the test app's database, storage (or `storage`, wrapping it) and limits,
 * with `sessions` for models.
 */
export function predictJobFor(
  t: TestApp,
  sessions: SessionCache,
  storage: Storage = localStorage(t.config.storageDir),
) {
  return predictRequestHandler({
    db: t.app.database.db,
    storage,
    sessions,
    maxPixels: t.config.uploads.maxPixels,
    maxTilePixels: t.config.inference.maxTilePixels,
    imagesInFlight: 2,
    log: t.app.log,
  });
}

/** An organisation's credit ledger rows, oldest first, as kind and amount. */
export function ledgerEntries(db: Kysely<DB>, organisationId: number) {
  return db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
}
