// npm run bench:export [-- --photos 300 --side 1600]
// Issue 43 §4: an account's data export of a project of N analysed photos. The built API
// (`node apps/api/dist/main.js`, SQLite) on a fresh data folder; one project of N distinct photos
// (`--side` px on the longer side), every one predicted with Base at standard resolution (set-up, not
// measured). Then the export is asked for and polled until ready: time, files, ZIP size, and the
// server's peak RSS while it is built (Linux VmHWM, reset before) beside its RSS before; then the
// e-mailed link is downloaded once. Loopback only, bounded by the photos given.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { peakRssMb, procStatusMb, resetPeakRss } from './bench-support.js';
import { builtServer } from './built-server.js';
import {
  benchSession,
  createBenchUser,
  uploadPhotos,
  variedPhoto,
  waitForRequest,
} from './server-seeding.js';

const { values } = parseArgs({
  options: { photos: { type: 'string', default: '300' }, side: { type: 'string', default: '1600' } },
});
const photos = Number(values.photos);
const side = Number(values.side);
if (!Number.isInteger(photos) || photos < 1 || photos > 2000)
  throw new Error('--photos must be from 1 to 2000');
if (!Number.isInteger(side) || side < 64 || side > 4096) throw new Error('--side must be from 64 to 4096');
const BATCH = 20;
const SAMPLES = [
  '000015-gbEGjSAk6r.jpg',
  '000018-dqrONtdjbt.jpg',
  '000022-x6lwoJexxL.jpg',
  '000112-Eg0gnVJjIm.jpg',
];

const server = await builtServer({ UPLOAD_MAX_FILES: String(BATCH), BACKUP_INTERVAL_HOURS: '0' });

interface DataExport {
  id: number;
  status: string;
  progress: { done: number; total: number };
  size_bytes: number | null;
}

/** The export link of the newest mail in the server's outbox. */
async function exportLink(): Promise<string> {
  const outbox = path.join(String(server.env.DATA_DIR), 'outbox');
  const names = (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort();
  for (const name of names.reverse()) {
    const text = (await readFile(path.join(outbox, name), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link = /https?:\/\/\S+\/api\/user\/export\/\d+\/download\/\?token=[\w-]+/.exec(text)?.[0];
    if (link) return link;
  }
  throw new Error('no export mail in the outbox');
}

await createBenchUser(server, photos);
try {
  const pid = await server.start();
  const { access, model, standard } = await benchSession(server);
  const seedStarted = performance.now();
  const project = await server.api<{ id: number }>('POST', '/api/projects/', access, {
    name: 'Bench',
    location: 'Lab',
  });
  const imageIds = await uploadPhotos(
    server,
    access,
    project.id,
    photos,
    (index) => variedPhoto(index, side, Math.round((side * 3) / 4), SAMPLES[index % SAMPLES.length]!),
    { batch: BATCH },
  );
  const { request_id: requestId } = await server.api<{ request_id: number }>(
    'POST',
    `/api/projects/${project.id}/request-predict/`,
    access,
    { model, resolution: standard, images: imageIds },
  );
  await waitForRequest(server, access, requestId, 500);
  console.log(
    `set-up: ${photos} photos of ${side} px uploaded and predicted in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s (not measured)`,
  );

  const rssBefore = procStatusMb('VmRSS', pid);
  resetPeakRss(pid);
  const started = performance.now();
  let current = await server.api<DataExport>('POST', '/api/user/export/', access);
  while (current.status !== 'READY' && current.status !== 'FAILED') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = await server.api<DataExport>('GET', `/api/user/export/${current.id}/`, access);
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssMb(pid);
  if (current.status !== 'READY') throw new Error(`the export failed: ${JSON.stringify(current)}`);
  const downloadStarted = performance.now();
  const response = await fetch((await exportLink()).replace(/^https?:\/\/[^/]+/, server.base));
  const bytes = (await response.arrayBuffer()).byteLength;
  console.log(
    `export: ${current.progress.total} files, ${(Number(current.size_bytes) / 1e6).toFixed(1)} MB ZIP in ${seconds.toFixed(1)} s; ` +
      `server RSS ${rssBefore ?? '?'} MB before, peak ${peak ?? '?'} MB while building; ` +
      `download ${response.status}, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - downloadStarted) / 1000).toFixed(1)} s`,
  );
} finally {
  await server.close();
}
