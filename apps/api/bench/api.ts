// npm run bench:api [-- --images 500 --clients 50 --seconds 8 --max-requests 5000]
// Issue 21: the read endpoints under load. The built API (`node apps/api/dist/main.js`, SQLite) on a
// fresh data folder; one project of `--images` distinct small photos (640 × 480 JPEG, so thumbnails
// are photo-sized) uploaded through the API in batches of UPLOAD_MAX_FILES, and one of them predicted
// with the smallest bundled model at standard resolution. Then, per scenario, `--clients` keep-alive
// clients on loopback each send one request after another for `--seconds` (or `--max-requests` in
// all), reading every byte and parsing none. Prints requests/s, p50/p99, bytes per response, the
// server's peak RSS during the scenario (Linux VmHWM, reset before it) and its RSS a second after,
// and each figure's ratio to the project list measured in the same run. The load generator shares
// the machine's cores with the server: figures are for comparing scenarios, not absolute capacity.
// First it times the upload of a 4032 × 3024 JPEG against a plain decode + resize of the same photo
// (upload-timing.ts): the upload target is at most 1.3 × that.
import http from 'node:http';
import { parseArgs } from 'node:util';
import { peakRssMb, procStatusMb, resetPeakRss } from './bench-support.js';
import { builtServer } from './built-server.js';
import { uploadPhotos, variedPhoto, waitForRequest } from './server-seeding.js';
import { measureUploadTiming } from './upload-timing.js';
import { PREVIEW_SIDE } from '../src/media/renditions.js';

const { values } = parseArgs({
  options: {
    images: { type: 'string', default: '500' },
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
const imageCount = whole('images', 150, 2000); // the page scenario starts at 100
const clients = whole('clients', 1, 200);
const seconds = whole('seconds', 1, 60);
const maxRequests = whole('max-requests', 1, 100_000);
const BATCH = 20;

const user = { username: 'bench', email: 'bench@hullscope-bench.com', password: 'Barnacle-Scraper-42' };
const server = await builtServer({ UPLOAD_MAX_FILES: String(BATCH), WORKER_CONCURRENCY: '1' });

/** A 640 × 480 photo, different for every index (hue and brightness), from a real sample if present. */
function photo(index: number): Promise<Buffer> {
  return variedPhoto(index, 640, 480, '000022-x6lwoJexxL.jpg');
}

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  statuses: string;
  peakRss: number | undefined;
  rssAfter: number | undefined;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

function once(scenario: Scenario, token: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.base}${scenario.path}`,
      { agent, headers: { authorization: `Bearer ${token}`, ...scenario.headers } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ ms: performance.now() - started, bytes, status: response.statusCode! }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function run(scenario: Scenario, token: string, pid: number): Promise<Result> {
  await once(scenario, token); // warm: the first answer of a kind is not the steady state
  resetPeakRss(pid);
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let bytes = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline && times.length < maxRequests) {
        const answer = await once(scenario, token);
        times.push(answer.ms);
        bytes += answer.bytes;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const peakRss = peakRssMb(pid);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sorted = times.sort((a, b) => a - b);
  return {
    name: scenario.name,
    requests: sorted.length,
    perSecond: sorted.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    bytes: bytes / sorted.length,
    statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
    peakRss,
    rssAfter: procStatusMb('VmRSS', pid),
  };
}

function format(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${Math.round(bytes)} B`;
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
  const base = `/api/projects/${project.id}`;
  const predictionThumbnails = await server.api<{ thumbnails: { id: number }[] }>(
    'GET',
    `${base}/image/${imageIds[0]}/prediction-thumbnails/`,
    access,
  );
  const listEtag = await fetch(`${server.base}${base}/thumbnails/`, {
    headers: { authorization: `Bearer ${access}` },
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.headers.get('etag') ?? '';
  });

  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const scenarios: Scenario[] = [
    { name: 'project list (baseline)', path: '/api/projects/', headers: browser },
    { name: 'thumbnails, full list', path: `${base}/thumbnails/` },
    { name: 'thumbnails, full list, gzip', path: `${base}/thumbnails/`, headers: browser },
    {
      name: 'thumbnails, revalidated (304)',
      path: `${base}/thumbnails/`,
      headers: { ...browser, 'if-none-match': listEtag },
    },
    { name: 'thumbnails, page of 50', path: `${base}/thumbnails/?offset=100&limit=50` },
    {
      name: 'thumbnails, page of 50, gzip',
      path: `${base}/thumbnails/?offset=100&limit=50`,
      headers: browser,
    },
    { name: 'full image', path: `${base}/image/${imageIds[1]}/`, headers: browser },
    {
      name: 'prediction thumbnails',
      path: `${base}/image/${imageIds[0]}/prediction-thumbnails/`,
      headers: browser,
    },
    {
      name: 'prediction set',
      path: `${base}/predictionset/${predictionThumbnails.thumbnails[0]?.id ?? 0}/`,
      headers: browser,
    },
  ];
  console.log(
    `built server (pid ${pid}), ${imageCount} images of 640x480 uploaded in ${seedSeconds.toFixed(1)} s; ` +
      `${clients} clients, ${seconds} s per scenario; idle RSS ${procStatusMb('VmRSS', pid)} MB`,
  );
  const uploadTiming = await measureUploadTiming(server, access, 7);
  console.log(
    `upload of a 4032x3024 JPEG: median ${uploadTiming.uploadMs.toFixed(0)} ms per request against ` +
      `${uploadTiming.decodeResizeMs.toFixed(0)} ms for a plain decode + resize to ${PREVIEW_SIDE} px of the same photo ` +
      `(${uploadTiming.runs} runs each, in turn): ${(uploadTiming.uploadMs / uploadTiming.decodeResizeMs).toFixed(2)}x (target <= 1.3x); ` +
      `the image work alone ${uploadTiming.imageWorkMs.toFixed(0)} ms (${(uploadTiming.imageWorkMs / uploadTiming.decodeResizeMs).toFixed(2)}x), ` +
      `the rest receiving, storing and HTTP`,
  );
  const results: Result[] = [];
  for (const scenario of scenarios) results.push(await run(scenario, access, pid));
  const baseline = results[0]!;
  console.log(
    [
      'scenario'.padEnd(32),
      'req/s'.padStart(8),
      'x base'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'x base'.padStart(8),
      'bytes/resp'.padStart(11),
      'peak RSS'.padStart(9),
      'RSS after'.padStart(10),
      '  statuses',
    ].join(''),
  );
  for (const result of results) {
    console.log(
      [
        result.name.padEnd(32),
        result.perSecond.toFixed(0).padStart(8),
        (result.perSecond / baseline.perSecond).toFixed(2).padStart(8),
        result.p50.toFixed(0).padStart(8),
        result.p99.toFixed(0).padStart(8),
        (result.p99 / baseline.p99).toFixed(1).padStart(8),
        format(result.bytes).padStart(11),
        `${result.peakRss ?? '?'} MB`.padStart(9),
        `${result.rssAfter ?? '?'} MB`.padStart(10),
        `  ${result.statuses}`,
      ].join(''),
    );
  }
} finally {
  agent.destroy();
  await server.close();
}
