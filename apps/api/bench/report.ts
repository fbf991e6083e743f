// npm run bench:report [-- --sizes 100,500 --side 1024 --concurrent 20]
// Issue 18 §6: the inspection report of a project of N analysed photos. The built API
// (`node apps/api/dist/main.js`, SQLite) on a fresh data folder; per size, one project of N distinct
// photos (`--side` px on the longer side, spread over six hull zones), every one predicted through
// the API with Base at standard resolution (the slow part of the set-up, not measured). Then the
// PDF (`GET …/report/`) and the JSON (`GET …/report.json`) are each downloaded once, reading every
// byte: time to the last byte, size, pages, and the server's peak RSS during the download (Linux
// VmHWM, reset before it) beside its RSS before. Target (issue 18): 500 photos under 60 s and
// 600 MB peak RSS on the 2-core machine. With --concurrent N (issue 43), N PDFs of each size are
// then asked for at once by one user (REPORT_RENDERS_PER_USER raised to N and REPORT_WAIT_SECONDS to
// 600, so every one renders, REPORT_RENDERS_AT_ONCE at a time) while GET /api/health is timed one
// request after another: its p50, p99 and max, the answers' statuses, the time to the last byte of
// the last PDF and peak RSS. Target: health p99 at most 100 ms. Loopback only, bounded by the sizes given.
import { parseArgs } from 'node:util';
import { peakRssMb, procStatusMb, resetPeakRss } from './bench-support.js';
import { builtServer } from './built-server.js';
import { watchHealth } from './health-latency.js';
import {
  benchSession,
  createBenchUser,
  uploadPhotos,
  variedPhoto,
  waitForRequest,
} from './server-seeding.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100,500' },
    side: { type: 'string', default: '1024' },
    concurrent: { type: 'string', default: '0' },
  },
});
const concurrent = Number(values.concurrent);
if (!Number.isInteger(concurrent) || concurrent < 0 || concurrent > 50) {
  throw new Error('--concurrent must be a whole number from 0 to 50');
}
const sizes = values.sizes.split(',').map(Number);
const side = Number(values.side);
if (sizes.some((size) => !Number.isInteger(size) || size < 1 || size > 1000)) {
  throw new Error('--sizes must be whole numbers from 1 to 1000, comma-separated');
}
if (!Number.isInteger(side) || side < 64 || side > 4096) throw new Error('--side must be from 64 to 4096');
const BATCH = 20;
const ZONES = ['flat_bottom', 'vertical_side_port', 'vertical_side_starboard', 'bow', 'propeller', 'rudder'];
const SAMPLES = [
  '000015-gbEGjSAk6r.jpg',
  '000018-dqrONtdjbt.jpg',
  '000022-x6lwoJexxL.jpg',
  '000112-Eg0gnVJjIm.jpg',
];

const server = await builtServer({
  UPLOAD_MAX_FILES: String(BATCH),
  WORKER_CONCURRENCY: '2',
  ...(concurrent > 0 ? { REPORT_RENDERS_PER_USER: String(concurrent), REPORT_WAIT_SECONDS: '600' } : {}),
});

/** A photo different for every index: a real sample (if present) in a different hue and brightness. */
function photo(index: number): Promise<Buffer> {
  return variedPhoto(index, side, Math.round((side * 3) / 4), SAMPLES[index % SAMPLES.length]!);
}

async function seedProject(access: string, size: number, model: number, resolution: number): Promise<number> {
  const project = await server.api<{ id: number }>('POST', '/api/projects/', access, {
    name: `Bench ${size}`,
    location: 'Lab',
    inspection_date: '2026-03-14',
  });
  const imageIds = await uploadPhotos(server, access, project.id, size, photo, {
    batch: BATCH,
    zoneOfBatch: (batchIndex) => ZONES[batchIndex % ZONES.length]!,
  });
  const { request_id: requestId } = await server.api<{ request_id: number }>(
    'POST',
    `/api/projects/${project.id}/request-predict/`,
    access,
    { model, resolution, images: imageIds },
  );
  const finished = await waitForRequest(server, access, requestId, 500);
  if (finished.progress.done !== size) throw new Error(`only ${finished.progress.done} of ${size} predicted`);
  return project.id;
}

async function download(url: string, access: string, pid: number) {
  const rssBefore = procStatusMb('VmRSS', pid);
  resetPeakRss(pid);
  const started = performance.now();
  const response = await fetch(`${server.base}${url}`, { headers: { authorization: `Bearer ${access}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  const pages = (body.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return { seconds, bytes: body.length, pages, peakRss: peakRssMb(pid), rssBefore };
}

/** `concurrent` PDFs of the project at once, every byte read, while the health check is timed. */
async function downloadsAtOnce(projectId: number, access: string, pid: number) {
  resetPeakRss(pid);
  const health = watchHealth(server.base);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: concurrent }, async () => {
      const response = await fetch(`${server.base}/api/projects/${projectId}/report/`, {
        headers: { authorization: `Bearer ${access}` },
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, statuses, health: await health.stop(), peakRss: peakRssMb(pid) };
}

const total = sizes.reduce((sum, size) => sum + size, 0);
await createBenchUser(server, total);
try {
  const pid = await server.start();
  const { access, model, standard } = await benchSession(server);
  console.log(`built server (pid ${pid}); photos ${side} px, six zones, Base at standard resolution`);
  console.log(
    ['photos', 'what', 'seconds', 'size', 'pages', 'peak RSS', 'RSS before', 'x first size time']
      .map((title, index) => (index < 2 ? title.padEnd(8) : title.padStart(index === 7 ? 18 : 12)))
      .join(''),
  );
  let smallestSeconds: number | undefined;
  for (const size of sizes) {
    const seedStarted = performance.now();
    const projectId = await seedProject(access, size, model, standard);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    for (const [what, url] of [
      ['PDF', `/api/projects/${projectId}/report/`],
      ['JSON', `/api/projects/${projectId}/report.json`],
    ] as const) {
      const result = await download(url, access, pid);
      if (what === 'PDF') smallestSeconds ??= result.seconds;
      console.log(
        [
          String(size).padEnd(8),
          what.padEnd(8),
          result.seconds.toFixed(2).padStart(12),
          `${(result.bytes / 1e6).toFixed(2)} MB`.padStart(12),
          (what === 'PDF' ? String(result.pages) : '-').padStart(12),
          `${result.peakRss ?? '?'} MB`.padStart(12),
          `${result.rssBefore ?? '?'} MB`.padStart(12),
          (what === 'PDF' ? (result.seconds / (smallestSeconds ?? result.seconds)).toFixed(2) : '-').padStart(
            12,
          ),
        ].join(''),
      );
    }
    console.log(
      `        (set-up of ${size} photos: upload and prediction ${seedSeconds.toFixed(0)} s, not measured)`,
    );
    if (concurrent > 0) {
      const load = await downloadsAtOnce(projectId, access, pid);
      const counts = Object.entries(
        load.statuses.reduce<Record<number, number>>((tally, status) => {
          tally[status] = (tally[status] ?? 0) + 1;
          return tally;
        }, {}),
      ).map(([status, count]) => `${count} × ${status}`);
      console.log(
        `${String(size).padEnd(8)}${concurrent} PDFs at once: ${load.seconds.toFixed(1)} s to the last byte, ` +
          `${counts.join(', ')}, peak RSS ${load.peakRss ?? '?'} MB; health over ${load.health.count} checks: ` +
          `p50 ${load.health.p50.toFixed(1)} ms, p99 ${load.health.p99.toFixed(1)} ms, max ${load.health.max.toFixed(1)} ms`,
      );
    }
  }
} finally {
  await server.close();
}
