// npm run bench:api [-- --images 500 --grow-to 2000 --clients 50 --seconds 8 --max-requests 5000]
// Issue 21: the read endpoints under load. The built API (`node apps/api/dist/main.js`, SQLite) on a
// fresh data folder; one project of `--images` distinct small photos (640 × 480 JPEG, so thumbnails
// are photo-sized) uploaded through the API in batches of UPLOAD_MAX_FILES, and one of them predicted
// with the smallest bundled model at standard resolution. Then, per scenario (api-scenarios.ts: the
// spec client's full list beside the web app's image details and pages of 24, each first load and
// its If-None-Match revalidation, and the same for the full image and the prediction thumbnails),
// `--clients` keep-alive clients on loopback send one request after another for `--seconds` (or
// `--max-requests` in all). Prints requests/s, p50/p99, bytes per response, the server's CPU ms per
// request, its peak RSS during the scenario (Linux VmHWM, reset before it) and its RSS a second after,
// with the ratios to the project list measured in the same run, and each target's verdict. Then the
// project grows to `--grow-to` images (0: not) and everything is measured again, with a table of how
// each scenario's cost per request grew against its bytes. The load generator shares the machine's
// cores with the server: times are for comparing scenarios; CPU per request is the steadier cost.
// First it times the upload of a 4032 × 3024 JPEG against a plain decode + resize of the same photo
// (upload-timing.ts): the upload target is at most 1.3 × that.
// The reads are measured as a server serves them between runs: the server releases its inference
// threads INFERENCE_IDLE_RELEASE_SECONDS after the seeding prediction (5 s here, 300 s by default;
// session-cache.ts), and the bench waits for that and prints the RSS before and after. To measure
// with the model still loaded, as during a run, set INFERENCE_IDLE_RELEASE_SECONDS=0.
import { parseArgs } from 'node:util';
import { type ScenarioTargets, apiScenarios, appPageOffsets, APP_THUMBNAIL_PAGE } from './api-scenarios.js';
import { procStatusMb } from './bench-support.js';
import { builtServer } from './built-server.js';
import { type Result, formatBytes, loadRunner } from './load.js';
import { uploadPhotos, variedPhoto, waitForRequest } from './server-seeding.js';
import { measureUploadTiming } from './upload-timing.js';
import { PREVIEW_SIDE } from '../src/media/renditions.js';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '500' },
    'grow-to': { type: 'string', default: '2000' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '8' },
    'max-requests': { type: 'string', default: '5000' },
  },
});
const whole = (name: keyof typeof values, min: number, max: number): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
};
const imageCount = whole('images', 50, 2000);
const growTo = whole('grow-to', 0, 4000);
if (growTo !== 0 && growTo <= imageCount) throw new Error('--grow-to must be 0 or more than --images');
const clients = whole('clients', 1, 200);
const seconds = whole('seconds', 1, 60);
const maxRequests = whole('max-requests', 1, 100_000);
const BATCH = 20;
/** Issue 21's targets for the thumbnails, prediction thumbnails and full image under load. */
const P99_TARGET_MS = 300;
const PEAK_RSS_TARGET_MB = 600;

const user = { username: 'bench', email: 'bench@hullscope-bench.com', password: 'Barnacle-Scraper-42' };
const idleReleaseSeconds = Number(process.env.INFERENCE_IDLE_RELEASE_SECONDS ?? '5');
const server = await builtServer({
  UPLOAD_MAX_FILES: String(BATCH),
  WORKER_CONCURRENCY: '1',
  INFERENCE_IDLE_RELEASE_SECONDS: String(idleReleaseSeconds),
});

/** A 640 × 480 photo, different for every index (hue and brightness), from a real sample if present. */
function photo(index: number): Promise<Buffer> {
  return variedPhoto(index, 640, 480, '000022-x6lwoJexxL.jpg');
}

function printTable(title: string, results: Result[]) {
  const baseline = results[0]!;
  console.log(`\n${title}`);
  console.log(
    [
      'scenario'.padEnd(30),
      'req/s'.padStart(7),
      'x base'.padStart(7),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'x base'.padStart(7),
      'bytes/resp'.padStart(11),
      'cpu ms/req'.padStart(11),
      'client ms'.padStart(10),
      'peak RSS'.padStart(9),
      'RSS after'.padStart(10),
      '  statuses',
    ].join(''),
  );
  for (const result of results) {
    console.log(
      [
        result.name.padEnd(30),
        result.perSecond.toFixed(0).padStart(7),
        (result.perSecond / baseline.perSecond).toFixed(2).padStart(7),
        result.p50.toFixed(0).padStart(7),
        result.p99.toFixed(0).padStart(7),
        (result.p99 / baseline.p99).toFixed(1).padStart(7),
        formatBytes(result.bytes).padStart(11),
        (result.cpuMsPerRequest?.toFixed(2) ?? '?').padStart(11),
        result.clientCpuMsPerRequest.toFixed(2).padStart(10),
        `${result.peakRss ?? '?'} MB`.padStart(9),
        `${result.rssAfter ?? '?'} MB`.padStart(10),
        `  ${result.statuses}`,
      ].join(''),
    );
  }
}

/** The targets for the scenarios the issue names: met or missed, with the figures. */
function printVerdicts(results: Result[]) {
  const targeted = results.filter((result) => /thumbnails|page of|full image/.test(result.name));
  for (const result of targeted) {
    const p99 = result.p99 <= P99_TARGET_MS;
    const rss = result.peakRss !== undefined && result.peakRss <= PEAK_RSS_TARGET_MB;
    console.log(
      `  ${result.name.padEnd(30)} p99 ${result.p99.toFixed(0)} ms ${p99 ? 'ok' : 'MISSED'} ` +
        `(<= ${P99_TARGET_MS}), peak RSS ${result.peakRss ?? '?'} MB ${rss ? 'ok' : 'MISSED'} (<= ${PEAK_RSS_TARGET_MB})`,
    );
  }
}

/** How each scenario's cost per request grew with the project, against the bytes its client gets. */
function printGrowth(small: Result[], large: Result[], from: number, to: number) {
  console.log(`\ngrowth from ${from} to ${to} images: cost per request against the bytes the client needs`);
  console.log(
    [
      'scenario'.padEnd(30),
      'bytes x'.padStart(9),
      'cpu/req x'.padStart(10),
      'p50 x'.padStart(8),
      '  verdict',
    ].join(''),
  );
  for (const [index, before] of small.entries()) {
    const after = large[index]!;
    const bytes = before.bytes > 0 ? after.bytes / before.bytes : 1;
    const cpu =
      before.cpuMsPerRequest && after.cpuMsPerRequest ? after.cpuMsPerRequest / before.cpuMsPerRequest : NaN;
    // CPU is counted in 10 ms ticks over thousands of requests: 25 % either way is noise.
    const verdict = Number.isNaN(cpu) ? '?' : cpu <= Math.max(bytes, 1) * 1.25 ? 'ok' : 'grows faster';
    console.log(
      [
        before.name.padEnd(30),
        bytes.toFixed(2).padStart(9),
        cpu.toFixed(2).padStart(10),
        (after.p50 / before.p50).toFixed(2).padStart(8),
        `  ${verdict}`,
      ].join(''),
    );
  }
}

await server.admin(
  'create-user',
  '--username',
  user.username,
  '--email',
  user.email,
  '--password',
  user.password,
);
await server.admin('grant-credits', '--username', user.username, '--amount', '10', '--reason', 'benchmark');
try {
  const pid = await server.start();
  const { access } = await server.api<{ access: string }>('POST', '/api/token/', undefined, {
    username: user.username,
    password: user.password,
  });
  const project = await server.api<{ id: number }>('POST', '/api/projects/', access, {
    name: 'Bench',
    location: 'Lab',
  });
  const seedStarted = performance.now();
  const imageIds = await uploadPhotos(server, access, project.id, imageCount, photo, { batch: BATCH });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // One prediction, for the prediction thumbnails and the prediction set.
  const models = await server.api<{ id: number; name: string }[]>('GET', '/api/cvmodels/', access);
  const resolutions = await server.api<{ id: number; name: string }[]>('GET', '/api/resolutions/', access);
  const standard = resolutions.find((resolution) => resolution.name === 'standard') ?? resolutions[0]!;
  const { request_id: requestId } = await server.api<{ request_id: number }>(
    'POST',
    `/api/projects/${project.id}/request-predict/`,
    access,
    { model: models[0]!.id, resolution: standard.id, images: [imageIds[0]] },
  );
  await waitForRequest(server, access, requestId);
  const withModel = procStatusMb('VmRSS', pid);
  let modelNote = `RSS ${withModel} MB with the model loaded (kept: INFERENCE_IDLE_RELEASE_SECONDS=0)`;
  if (idleReleaseSeconds > 0) {
    await new Promise((resolve) => setTimeout(resolve, (idleReleaseSeconds + 2) * 1000));
    modelNote = `RSS ${withModel} MB with the model loaded, ${procStatusMb('VmRSS', pid)} MB once released ${idleReleaseSeconds} s after the run`;
  }
  const base = `/api/projects/${project.id}`;
  const predictionThumbnails = await server.api<{ thumbnails: { id: number }[] }>(
    'GET',
    `${base}/image/${imageIds[0]}/prediction-thumbnails/`,
    access,
  );

  const etagOf = (path: string) =>
    fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${access}` } }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.headers.get('etag') ?? '';
      },
    );
  /** The ETags a client holds after a first load, for the project as it is now. */
  async function targetsFor(count: number): Promise<ScenarioTargets> {
    const pages = new Map<number, string>();
    for (const offset of appPageOffsets(count)) {
      pages.set(offset, await etagOf(`${base}/thumbnails/?offset=${offset}&limit=${APP_THUMBNAIL_PAGE}`));
    }
    return {
      projectId: project.id,
      imageCount: count,
      imageId: imageIds[1]!,
      predictedImageId: imageIds[0]!,
      predictionSetId: predictionThumbnails.thumbnails[0]?.id ?? 0,
      etags: {
        list: await etagOf(`${base}/thumbnails/`),
        pages,
        image: await etagOf(`${base}/image/${imageIds[1]}/`),
        predictionThumbnails: await etagOf(`${base}/image/${imageIds[0]}/prediction-thumbnails/`),
      },
    };
  }

  console.log(
    `built server (pid ${pid}), ${imageCount} images of 640x480 uploaded in ${seedSeconds.toFixed(1)} s; ` +
      `${clients} clients, ${seconds} s per scenario; ${modelNote}`,
  );
  const uploadTiming = await measureUploadTiming(server, access, 7);
  console.log(
    `upload of a 4032x3024 JPEG: median ${uploadTiming.uploadMs.toFixed(0)} ms per request against ` +
      `${uploadTiming.decodeResizeMs.toFixed(0)} ms for a plain decode + resize to ${PREVIEW_SIDE} px of the same photo ` +
      `(${uploadTiming.runs} runs each, in turn): ${(uploadTiming.uploadMs / uploadTiming.decodeResizeMs).toFixed(2)}x (target <= 1.3x); ` +
      `the image work alone ${uploadTiming.imageWorkMs.toFixed(0)} ms (${(uploadTiming.imageWorkMs / uploadTiming.decodeResizeMs).toFixed(2)}x), ` +
      `the rest receiving, storing and HTTP`,
  );
  const load = loadRunner({ base: server.base, token: access, pid, clients, seconds, maxRequests });
  try {
    const measured = imageCount;
    const small: Result[] = [];
    for (const scenario of apiScenarios(await targetsFor(measured))) small.push(await load.run(scenario));
    printTable(`${measured} images, ${clients} clients`, small);
    printVerdicts(small);

    if (growTo > 0) {
      const growStarted = performance.now();
      await uploadPhotos(server, access, project.id, growTo - measured, photo, {
        batch: BATCH,
        firstIndex: imageCount,
      });
      console.log(
        `\ngrown to ${growTo} images in ${((performance.now() - growStarted) / 1000).toFixed(1)} s; ` +
          `idle RSS ${procStatusMb('VmRSS', pid)} MB`,
      );
      const large: Result[] = [];
      for (const scenario of apiScenarios(await targetsFor(growTo))) large.push(await load.run(scenario));
      printTable(`${growTo} images, ${clients} clients`, large);
      printVerdicts(large);
      printGrowth(small, large, measured, growTo);
    }
  } finally {
    load.close();
  }
} finally {
  await server.close();
}
