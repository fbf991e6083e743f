// npm run bench:report [-- --sizes 100,500 --side 1024]
// Issue 18 §6: the inspection report of a project of N analysed photos. The built API
// (`node apps/api/dist/main.js`, SQLite) on a fresh data folder; per size, one project of N distinct
// photos (`--side` px on the longer side, spread over six hull zones), every one predicted through
// the API with Base at standard resolution (the slow part of the set-up, not measured). Then the
// PDF (`GET …/report/`) and the JSON (`GET …/report.json`) are each downloaded once, reading every
// byte: time to the last byte, size, pages, and the server's peak RSS during the download (Linux
// VmHWM, reset before it) beside its RSS before. Target (issue 18): 500 photos under 60 s and
// 600 MB peak RSS on the 2-core machine. Loopback only, bounded by the sizes given.
import { parseArgs } from 'node:util';
import { peakRssMb, procStatusMb, resetPeakRss } from './bench-support.js';
import { builtServer } from './built-server.js';
import { uploadPhotos, variedPhoto, waitForRequest } from './server-seeding.js';

const { values } = parseArgs({
  options: { sizes: { type: 'string', default: '100,500' }, side: { type: 'string', default: '1024' } },
});
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

const user = { username: 'bench', email: 'bench@hullscope-bench.com', password: 'Barnacle-Scraper-42' };
const server = await builtServer({ UPLOAD_MAX_FILES: String(BATCH), WORKER_CONCURRENCY: '2' });

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

const total = sizes.reduce((sum, size) => sum + size, 0);
await server.admin(
  'create-user',
  '--username',
  user.username,
  '--email',
  user.email,
  '--password',
  user.password,
);
await server.admin(
  'grant-credits',
  '--username',
  user.username,
  '--amount',
  String(total),
  '--reason',
  'benchmark',
);
try {
  const pid = await server.start();
  const { access } = await server.api<{ access: string }>('POST', '/api/token/', undefined, {
    username: user.username,
    password: user.password,
  });
  const models = await server.api<{ id: number; name: string }[]>('GET', '/api/cvmodels/', access);
  const model = (models.find((entry) => entry.name === 'Base') ?? models[0]!).id;
  const resolutions = await server.api<{ id: number; name: string }[]>('GET', '/api/resolutions/', access);
  const standard = (resolutions.find((entry) => entry.name === 'standard') ?? resolutions[0]!).id;
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
  }
} finally {
  await server.close();
}
