// npm run bench:server [-- --images N]
// The built product as it runs in production (`node apps/api/dist/main.js`, embedded mode, SQLite),
// driven over HTTP as a user drives it: N phone-sized photos (4032 × 3024 JPEG) are uploaded once,
// then one Full HD request per bundled model is scheduled and polled until it is done. Prints per
// model the time per image from scheduling to DONE, pure inference of the same tiles (the bare model
// on every core in this process, timed just before and after the request, not during it), their
// ratio, and the server process's peak RSS during the request (Linux VmHWM, reset when it is
// scheduled). INFERENCE_*, WORKER_*, MALLOC_ARENA_MAX and LOG_LEVEL in the environment reach the server.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as ort from 'onnxruntime-node';
import { sessionOptions } from '../src/inference/fused-session.js';
import { MODEL_FILE } from '../src/inference/model-files.js';
import { DEFAULT_MAX_TILE_PIXELS, tilePixelsFor } from '../src/inference/tile-plan.js';
import {
  benchModels,
  benchOriginal,
  median,
  paddedTiles,
  peakRssMb,
  procStatusMb,
  pureInferenceMs,
  resetPeakRss,
} from './bench-support.js';
import { builtServer } from './built-server.js';

const { values } = parseArgs({ options: { images: { type: 'string', default: '8' } } });
const imageCount = Number(values.images);
if (!Number.isInteger(imageCount) || imageCount < 1 || imageCount > 20) {
  throw new Error('--images must be a whole number from 1 to 20');
}
// The server's own tile bound: the one its configuration reads, else the default.
const maxTilePixels = Number(process.env.INFERENCE_MAX_TILE_PIXELS || DEFAULT_MAX_TILE_PIXELS);
if (!Number.isInteger(maxTilePixels) || maxTilePixels < 1) {
  throw new Error('INFERENCE_MAX_TILE_PIXELS must be a whole number of pixels');
}
const folders = await benchModels(undefined);
const user = { username: 'bench', email: 'bench@hullscope-bench.com', password: 'Barnacle-Scraper-42' };
const { admin, api, start, close } = await builtServer();

await admin('create-user', '--username', user.username, '--email', user.email, '--password', user.password);
await admin(
  'grant-credits',
  '--username',
  user.username,
  '--amount',
  String(4 * imageCount * folders.length),
  '--reason',
  'benchmark',
);
try {
  const pid = await start();
  const { access } = await api<{ access: string }>('POST', '/api/token/', undefined, {
    username: user.username,
    password: user.password,
  });
  const project = await api<{ id: number }>('POST', '/api/projects/', access, {
    name: 'Bench',
    location: 'Lab',
  });
  const photo = await readFile(await benchOriginal());
  const form = new FormData();
  for (let index = 0; index < imageCount; index += 1) {
    form.append('images', new Blob([photo], { type: 'image/jpeg' }), `hull-${index}.jpg`);
  }
  const uploaded = await api<{ data: { id: number }[] }>(
    'POST',
    `/api/projects/${project.id}/image-upload/`,
    access,
    form,
  );
  const images = uploaded.data.map((entry) => entry.id);
  const models = await api<{ id: number; name: string }[]>('GET', '/api/cvmodels/', access);
  const resolutions = await api<{ id: number; name: string }[]>('GET', '/api/resolutions/', access);
  const fullhd = resolutions.find((resolution) => resolution.name === 'fullhd')!;
  console.log(
    `built server (pid ${pid}), ${imageCount} uploaded 4032x3024 JPEGs per Full HD request; ` +
      `idle RSS after the upload ${procStatusMb('VmRSS', pid)} MB`,
  );

  for (const folder of folders) {
    const model = models.find((entry) => entry.name === folder.manifest.name)!;
    const bare = await ort.InferenceSession.create(
      path.join(folder.directory, MODEL_FILE),
      sessionOptions(availableParallelism()),
    );
    // 4032 × 3024 resized to 1920 px is 1920 × 1440, in the tiles the server plans for it.
    const modelTilePixels = tilePixelsFor(folder.manifest.precision, maxTilePixels);
    const tiles = paddedTiles(1920, 1440, folder.manifest.input.stride, modelTilePixels);
    await pureInferenceMs(bare, tiles);
    const pure: number[] = [];
    for (let run = 0; run < 3; run += 1) pure.push(await pureInferenceMs(bare, tiles));

    resetPeakRss(pid);
    const started = performance.now();
    const { request_id: requestId } = await api<{ request_id: number }>(
      'POST',
      `/api/projects/${project.id}/request-predict/`,
      access,
      { model: model.id, resolution: fullhd.id, images },
    );
    for (;;) {
      const request = await api<{ status: string; progress: { done: number } }>(
        'GET',
        `/api/request/${requestId}/`,
        access,
      );
      if (request.status === 'FAILED') throw new Error(`request ${requestId} failed`);
      if (request.status === 'DONE') {
        if (request.progress.done !== imageCount) {
          throw new Error(`request ${requestId}: ${request.progress.done} of ${imageCount} images predicted`);
        }
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const perImage = (performance.now() - started) / imageCount;
    const peak = peakRssMb(pid);
    for (let run = 0; run < 3; run += 1) pure.push(await pureInferenceMs(bare, tiles));
    await bare.release();
    const inference = median(pure);
    console.log(
      `${folder.key.padEnd(6)} Full HD: ${perImage.toFixed(0)} ms per image, pure inference ${inference.toFixed(0)} ms, ` +
        `ratio ${(perImage / inference).toFixed(2)} (overhead ${(((perImage - inference) / inference) * 100).toFixed(0)} %), ` +
        `server peak RSS ${peak} MB`,
    );
  }
} finally {
  await close();
}
