import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { realSamplesDir } from './bench-support.js';
import type { BuiltServer } from './built-server.js';

/**
 * A JPEG photo different for every index (hue and brightness turned), made from a real sample where
 * the shared samples are present, else from coloured noise.
 */
export async function variedPhoto(
  index: number,
  width: number,
  height: number,
  sampleName: string,
): Promise<Buffer> {
  const sample = path.join(realSamplesDir, sampleName);
  const base = existsSync(sample)
    ? sharp(sample).resize(width, height, { fit: 'fill' })
    : sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#7a3b2e',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      });
  return base
    .modulate({ hue: (index * 7) % 360, brightness: 0.8 + (index % 40) / 100 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Uploads `count` photos (`hull-<n>.jpg`, n from `firstIndex`, 0 by default) through the API in
 * requests of `batch`; answers their ids.
 */
export async function uploadPhotos(
  server: BuiltServer,
  access: string,
  projectId: number,
  count: number,
  photo: (index: number) => Promise<Buffer>,
  {
    batch,
    zoneOfBatch,
    firstIndex = 0,
  }: { batch: number; zoneOfBatch?: (batchIndex: number) => string; firstIndex?: number },
): Promise<number[]> {
  const imageIds: number[] = [];
  const end = firstIndex + count;
  for (let first = firstIndex; first < end; first += batch) {
    const form = new FormData();
    if (zoneOfBatch) form.append('hull_zone', zoneOfBatch((first - firstIndex) / batch));
    for (let index = first; index < Math.min(end, first + batch); index += 1) {
      form.append('images', new Blob([await photo(index)], { type: 'image/jpeg' }), `hull-${index}.jpg`);
    }
    const uploaded = await server.api<{ data: { id: number }[] }>(
      'POST',
      `/api/projects/${projectId}/image-upload/`,
      access,
      form,
    );
    imageIds.push(...uploaded.data.map((entry) => entry.id));
  }
  return imageIds;
}

export interface FinishedRequest {
  status: 'DONE' | 'FAILED';
  progress: { done: number; failed: number; total: number };
}

/** Polls a prediction request as the web app does, until it has finished. */
export async function waitForRequest(
  server: BuiltServer,
  access: string,
  requestId: number,
  pollMs = 200,
): Promise<FinishedRequest> {
  for (;;) {
    const state = await server.api<{ status: string; progress: FinishedRequest['progress'] }>(
      'GET',
      `/api/request/${requestId}/`,
      access,
    );
    if (state.status === 'DONE' || state.status === 'FAILED') return state as FinishedRequest;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

const BENCH_USER = { username: 'bench', email: 'bench@hullscope-bench.com', password: 'Barnacle-Scraper-42' };

/** Creates the benchmark's user with the admin CLI, granted `credits`, before the server starts. */
export async function createBenchUser(server: BuiltServer, credits: number): Promise<void> {
  const { username, email, password } = BENCH_USER;
  await server.admin('create-user', '--username', username, '--email', email, '--password', password);
  await server.admin(
    'grant-credits',
    '--username',
    username,
    '--amount',
    String(credits),
    '--reason',
    'benchmark',
  );
}

/** Logs the benchmark's user in: its access token, Base's id (else the first model's) and standard's. */
export async function benchSession(
  server: BuiltServer,
): Promise<{ access: string; model: number; standard: number }> {
  const { access } = await server.api<{ access: string }>('POST', '/api/token/', undefined, {
    username: BENCH_USER.username,
    password: BENCH_USER.password,
  });
  const models = await server.api<{ id: number; name: string }[]>('GET', '/api/cvmodels/', access);
  const resolutions = await server.api<{ id: number; name: string }[]>('GET', '/api/resolutions/', access);
  return {
    access,
    model: (models.find((entry) => entry.name === 'Base') ?? models[0]!).id,
    standard: (resolutions.find((entry) => entry.name === 'standard') ?? resolutions[0]!).id,
  };
}
