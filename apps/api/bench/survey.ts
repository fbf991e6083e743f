// npm run bench:survey [-- --photos 300 --modes sqlite,pg1,pg2 --resolutions standard,fullhd]
// Issue 44 §4: a user's survey end to end, over HTTP against the built product. N twelve-megapixel
// photos (4032 × 3024 JPEG, each different: cut from the real samples, see survey-photos.ts; made
// once and kept in the temporary folder) are uploaded as the web app uploads a folder (the project's
// content hashes read first and known content skipped, then requests of at most the server's
// max_files and the web app's 48 MB, one at a time), predicted with Evo at each resolution (one
// request of all the photos, polled until done, as the web app does), and the inspection report's PDF
// is downloaded. Per deployment mode (the embedded default; PostgreSQL with 1 and with 2
// `npm run worker` processes beside an API server that runs no jobs) it prints per stage the wall
// time, photos per minute, photos per minute per core of this machine, the CPU time per photo of
// all the product's processes together, and every process's peak RSS during the stage (Linux VmHWM,
// reset when the stage starts). PostgreSQL modes create a database (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local hullscope role) and drop it afterwards.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { DEFAULT_BATCH_BYTES, planBatches } from '@hullscope/contract';
import { type StageUsage, watchStage } from './process-watch.js';
import { type FinishedRequest, benchSession, createBenchUser } from './server-seeding.js';
import type { BuiltServer } from './built-server.js';
import { MODE_LABELS, SURVEY_MODES, type SurveyMode, startDeployment } from './survey-deployment.js';
import { type SurveyPhoto, surveyPhotos } from './survey-photos.js';

const RESOLUTIONS = ['standard', 'fullhd'] as const;
/** At most this many images go in one prediction request (the contract's limit). */
const MAX_PHOTOS = 1000;
/** How often a running request is read; the web app reads it every 3 s, which would blur short runs. */
const POLL_MS = 500;

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '300' },
    modes: { type: 'string', default: SURVEY_MODES.join(',') },
    resolutions: { type: 'string', default: RESOLUTIONS.join(',') },
  },
});
const photoCount = Number(values.photos);
if (!Number.isInteger(photoCount) || photoCount < 1 || photoCount > MAX_PHOTOS) {
  throw new Error(`--photos must be a whole number from 1 to ${MAX_PHOTOS}`);
}
function listOption<T extends string>(name: string, given: string, allowed: readonly T[]): T[] {
  const items = given.split(',').filter(Boolean);
  const unknown = items.filter((item) => !(allowed as readonly string[]).includes(item));
  if (items.length === 0 || unknown.length > 0) {
    throw new Error(`--${name} takes a comma-separated list of ${allowed.join(', ')}`);
  }
  return items as T[];
}
const modes = listOption('modes', values.modes, SURVEY_MODES);
const resolutions = listOption('resolutions', values.resolutions, RESOLUTIONS);
const cores = availableParallelism();

interface StageResult {
  stage: string;
  seconds: number;
  usage: StageUsage[];
  note?: string;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Uploads the photos as the web app's survey upload does (run-survey-upload.ts): known content
 * skipped by hash, the rest in batches of planBatches, one request at a time. Answers the image ids.
 */
async function uploadSurvey(server: BuiltServer, access: string, projectId: number, photos: SurveyPhoto[]) {
  const limits = await server.api<{ max_files: number; max_file_bytes: number }>(
    'GET',
    '/api/upload-limits/',
    access,
  );
  const known = await server.api<{ content_sha256: string }[]>(
    'GET',
    `/api/projects/${projectId}/image-hashes/`,
    access,
  );
  const seen = new Set(known.map((entry) => entry.content_sha256));
  const toSend: SurveyPhoto[] = [];
  for (const photo of photos) {
    const hash = sha256(await readFile(photo.file));
    if (seen.has(hash)) continue;
    seen.add(hash);
    toSend.push(photo);
  }
  const batches = planBatches(
    toSend.map((photo) => photo.bytes),
    { maxFiles: limits.max_files, maxBytes: DEFAULT_BATCH_BYTES },
  );
  const ids: number[] = [];
  for (const batch of batches) {
    const form = new FormData();
    for (const index of batch) {
      const photo = toSend[index]!;
      form.append('images', new Blob([await readFile(photo.file)], { type: 'image/jpeg' }), photo.name);
    }
    const answer = await server.api<{ data: { id: number }[] }>(
      'POST',
      `/api/projects/${projectId}/image-upload/`,
      access,
      form,
    );
    ids.push(...answer.data.map((entry) => entry.id));
  }
  return { ids, batches: batches.length, skipped: photos.length - toSend.length };
}

/** Schedules one request of every image and polls it until it has finished; fails unless all were predicted. */
async function predictAll(
  server: BuiltServer,
  access: string,
  projectId: number,
  ids: number[],
  model: number,
  resolution: number,
) {
  const { request_id: requestId } = await server.api<{ request_id: number }>(
    'POST',
    `/api/projects/${projectId}/request-predict/`,
    access,
    { model, resolution, images: ids },
  );
  for (;;) {
    const state = await server.api<FinishedRequest | { status: string }>(
      'GET',
      `/api/request/${requestId}/`,
      access,
    );
    if (state.status === 'DONE' || state.status === 'FAILED') {
      const { progress } = state as FinishedRequest;
      if (progress.done !== ids.length) {
        throw new Error(`request ${requestId}: ${progress.done} of ${ids.length} images predicted`);
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Downloads the project's inspection report PDF, reading every byte; answers its size. */
async function downloadReport(server: BuiltServer, access: string, projectId: number): Promise<number> {
  const response = await fetch(`${server.base}/api/projects/${projectId}/report/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  if (!response.ok) throw new Error(`report: ${response.status} ${await response.text()}`);
  return (await response.arrayBuffer()).byteLength;
}

async function runMode(mode: SurveyMode, photos: SurveyPhoto[]): Promise<StageResult[]> {
  const deployment = await startDeployment(mode, (server) =>
    createBenchUser(server, 10 * photoCount * resolutions.length),
  );
  const { server, processes } = deployment;
  const results: StageResult[] = [];
  const timed = async (stage: string, work: () => Promise<string | undefined>) => {
    const watch = watchStage(processes);
    const started = performance.now();
    const note = await work();
    results.push({ stage, seconds: (performance.now() - started) / 1000, usage: watch.end(), note });
  };
  try {
    const { access } = await benchSession(server);
    const project = await server.api<{ id: number }>('POST', '/api/projects/', access, {
      name: 'Survey bench',
      location: 'Bench harbour',
    });
    const models = await server.api<{ id: number; name: string }[]>('GET', '/api/cvmodels/', access);
    const evo = models.find((model) => model.name === 'Evo');
    if (!evo) throw new Error('the Evo model is not installed');
    const offered = await server.api<{ id: number; name: string }[]>('GET', '/api/resolutions/', access);

    let ids: number[] = [];
    await timed('upload', async () => {
      const uploaded = await uploadSurvey(server, access, project.id, photos);
      ids = uploaded.ids;
      const megabytes = photos.reduce((sum, photo) => sum + photo.bytes, 0) / 1e6;
      return `${uploaded.batches} requests, ${megabytes.toFixed(0)} MB, ${uploaded.skipped} skipped`;
    });
    for (const name of resolutions) {
      const resolution = offered.find((entry) => entry.name === name);
      if (!resolution) throw new Error(`the ${name} resolution is not offered`);
      await timed(`predict ${name}`, async () => {
        await predictAll(server, access, project.id, ids, evo.id, resolution.id);
        return undefined;
      });
    }
    await timed(
      'report PDF',
      async () => `${((await downloadReport(server, access, project.id)) / 1e6).toFixed(1)} MB`,
    );
  } finally {
    await deployment.close();
  }
  return results;
}

function printMode(mode: SurveyMode, results: StageResult[]) {
  console.log(`\n${mode}: ${MODE_LABELS[mode]}`);
  const peaks = new Map<string, number>();
  for (const { stage, seconds, usage, note } of results) {
    const perMinute = photoCount / (seconds / 60);
    const cpuMs = usage.reduce((sum, entry) => sum + (entry.cpuMs ?? Number.NaN), 0);
    const rss = usage.map((entry) => `${entry.label} ${entry.peakRssMb ?? '?'} MB`).join(', ');
    for (const entry of usage) {
      peaks.set(entry.label, Math.max(peaks.get(entry.label) ?? 0, entry.peakRssMb ?? 0));
    }
    console.log(
      `  ${stage.padEnd(17)} ${seconds.toFixed(1).padStart(7)} s  ${perMinute.toFixed(1).padStart(7)} photos/min  ` +
        `${(perMinute / cores).toFixed(1).padStart(6)} photos/min/core  ` +
        `CPU ${(cpuMs / photoCount).toFixed(0)} core-ms/photo  peak RSS ${rss}${note ? `  (${note})` : ''}`,
    );
  }
  const total = results.reduce((sum, result) => sum + result.seconds, 0);
  const perMinute = photoCount / (total / 60);
  console.log(
    `  ${'whole survey'.padEnd(17)} ${total.toFixed(1).padStart(7)} s  ${perMinute.toFixed(1).padStart(7)} photos/min  ` +
      `${(perMinute / cores).toFixed(1).padStart(6)} photos/min/core  peak RSS ` +
      [...peaks].map(([label, mb]) => `${label} ${mb} MB`).join(', '),
  );
}

const photos = await surveyPhotos(photoCount, (line) => console.log(line));
console.log(
  `${photoCount} photos of 4032x3024 (${(photos.reduce((sum, photo) => sum + photo.bytes, 0) / photoCount / 1e6).toFixed(1)} MB each on average), ` +
    `Evo at ${resolutions.join(' and ')}; ${cores} cores; modes ${modes.join(', ')}`,
);
for (const mode of modes) printMode(mode, await runMode(mode, photos));
