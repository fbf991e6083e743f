// The deployment test's client (scripts/ci-containers.sh): drives a running installation through its
// API as a customer does — sign-up with the e-mailed confirmation link, real photos (4, or --images
// of them, the folder's photos repeated), a prediction, the PDF report — and checks that every image
// was predicted and charged exactly once. With --during-request, runs that shell command once the
// request has some images done and others not (the deployment test stops the busy worker there),
// and then checks the same.
//
// node --import tsx e2e/container/deployment-smoke.ts --url http://127.0.0.1:8000 \
//   --outbox <DATA_DIR/outbox of the API> --photos <folder of JPEGs> [--images <n>]
//   [--during-request '<command>']
import { execSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { waitForMailLink } from '../support/outbox';

const { values: options } = parseArgs({
  options: {
    url: { type: 'string' },
    outbox: { type: 'string' },
    photos: { type: 'string' },
    'during-request': { type: 'string' },
    images: { type: 'string', default: '4' },
    'timeout-seconds': { type: 'string', default: '300' },
  },
});
if (!options.url || !options.outbox || !options.photos) {
  throw new Error('--url, --outbox and --photos are required');
}
const baseUrl = options.url;
const outboxDir = options.outbox;
const photosDir = options.photos;
const duringRequest = options['during-request'];
const timeoutMs = Number(options['timeout-seconds']) * 1000;
/** More images than photos make a longer request, so that a worker can be stopped in the middle of it. */
const IMAGES = Number(options.images);
if (!Number.isInteger(IMAGES) || IMAGES < 1) throw new Error('--images must be a whole number ≥ 1');
/** A request can finish before the command could run (fast machine, small photos): try again. */
const ATTEMPTS = 3;

async function call<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function signUp(): Promise<string> {
  const tag = Date.now().toString(36);
  const account = {
    username: `deploy-${tag}`,
    email: `deploy.${tag}@nordsee-reederei.de`,
    first_name: 'Deploy',
    last_name: 'Test',
    password: 'Barnacle-Survey-2031',
  };
  await call('POST', '/api/user/register/', undefined, { ...account, password2: account.password });
  const link = new URL(await waitForMailLink(outboxDir, account.email, '/user/confirm-registration', 30_000));
  await call('POST', '/api/user/confirm-registration/', undefined, {
    uid: link.searchParams.get('uid'),
    token: link.searchParams.get('token'),
  });
  const tokens = await call<{ access: string }>('POST', '/api/token/', undefined, {
    username: account.username,
    password: account.password,
  });
  return tokens.access;
}

async function uploadPhotos(token: string, attempt: number): Promise<{ project: number; images: number[] }> {
  const names = (await readdir(photosDir)).filter((name) => /\.jpe?g$/i.test(name)).sort();
  if (names.length === 0) throw new Error(`${photosDir} holds no JPEGs`);
  const project = await call<{ id: number }>('POST', '/api/projects/', token, {
    name: `Deployment test ${attempt}`,
    location: 'Hamburg',
  });
  const form = new FormData();
  for (let index = 0; index < IMAGES; index += 1) {
    const name = names[index % names.length]!;
    const round = Math.floor(index / names.length);
    form.append(
      'images',
      new Blob([await readFile(path.join(photosDir, name))], { type: 'image/jpeg' }),
      round === 0 ? name : `copy-${round}-${name}`,
    );
  }
  const uploaded = await call<{ data: { id: number }[] }>(
    'POST',
    `/api/projects/${project.id}/image-upload/`,
    token,
    form,
  );
  return { project: project.id, images: uploaded.data.map((entry) => entry.id) };
}

interface RequestStatus {
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  progress: { done: number; failed: number; total: number };
}

/** Polls the request to its end; runs the command once when it is part-way. True if it ran. */
async function waitForRequest(
  token: string,
  requestId: number,
  during: string | undefined,
): Promise<boolean> {
  let command = during;
  const deadline = Date.now() + timeoutMs;
  let ran = false;
  for (;;) {
    const request = await call<RequestStatus>('GET', `/api/request/${requestId}/`, token);
    const { done, failed, total } = request.progress;
    if (request.status === 'DONE' || request.status === 'FAILED') {
      if (request.status === 'FAILED' || done !== total || failed !== 0) {
        throw new Error(`request ${requestId} ended ${request.status}: ${JSON.stringify(request.progress)}`);
      }
      return ran;
    }
    if (command && request.status === 'RUNNING' && done >= 1 && done < total) {
      console.log(`request ${requestId}: ${done} of ${total} images done; running: ${command}`);
      try {
        execSync(command, { stdio: 'inherit', shell: '/bin/bash' });
        ran = true;
      } catch {
        // E.g. the request ended meanwhile; it still has to be right, and another attempt follows.
        console.log(`the command failed; request ${requestId} goes on without it`);
      }
      command = undefined;
    }
    if (Date.now() > deadline)
      throw new Error(`request ${requestId} still ${request.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const started = performance.now();
const health = await call<{ status: string; database: string }>('GET', '/api/health');
if (health.status !== 'ok') throw new Error(`health: ${JSON.stringify(health)}`);
const token = await signUp();
const before = (await call<{ credits: number }>('GET', '/api/credits/', token)).credits;
const models = await call<{ id: number; name: string; active: boolean }[]>('GET', '/api/cvmodels/', token);
const resolutions = await call<{ id: number; name: string; price: number; resolution: number }[]>(
  'GET',
  '/api/resolutions/',
  token,
);
const model = models.find((entry) => entry.active)!;
// The largest resolution the free credits pay for: the longest request, so a worker can be killed in it.
const resolution = resolutions
  .filter((entry) => entry.price * IMAGES * ATTEMPTS <= before)
  .sort((a, b) => b.resolution - a.resolution)[0];
if (!resolution)
  throw new Error(`${before} free credits pay for no resolution for ${IMAGES} images × ${ATTEMPTS}`);

let charged = 0;
let project = 0;
for (let attempt = 1; ; attempt += 1) {
  const uploaded = await uploadPhotos(token, attempt);
  project = uploaded.project;
  const schedule = { model: model.id, resolution: resolution.id, images: uploaded.images };
  const check = await call<{ data: { valid: boolean; required_credits: number } }>(
    'POST',
    `/api/projects/${project}/validate-predict-request/`,
    token,
    schedule,
  );
  if (!check.data.valid) throw new Error(`the request is refused: ${JSON.stringify(check)}`);
  const { request_id: requestId } = await call<{ request_id: number }>(
    'POST',
    `/api/projects/${project}/request-predict/`,
    token,
    schedule,
  );
  // What the check said the photos cost (a photo smaller than the resolution costs less).
  charged += check.data.required_credits;
  const ran = await waitForRequest(token, requestId, duringRequest);
  // Exactly once: one prediction of this model and resolution per image, however the work was split.
  for (const image of uploaded.images) {
    const { thumbnails } = await call<{ thumbnails: { model_id: number; resolution_id: number }[] }>(
      'GET',
      `/api/projects/${project}/image/${image}/prediction-thumbnails/`,
      token,
    );
    const count = thumbnails.filter(
      (entry) => entry.model_id === model.id && entry.resolution_id === resolution.id,
    ).length;
    if (count !== 1) throw new Error(`image ${image}: ${count} predictions, expected exactly 1`);
  }
  console.log(
    `request ${requestId}: ${IMAGES} images predicted once each (${model.name}, ${resolution.name})` +
      (duringRequest ? (ran ? ', after the command' : '; it finished before the command could run') : ''),
  );
  if (!duringRequest || ran) break;
  if (attempt === ATTEMPTS) throw new Error(`every request finished before the command could run`);
}
const after = (await call<{ credits: number }>('GET', '/api/credits/', token)).credits;
if (before - after !== charged) {
  throw new Error(`credits went from ${before} to ${after}: ${before - after} charged, expected ${charged}`);
}

const report = await fetch(`${baseUrl}/api/projects/${project}/report/`, {
  headers: { Authorization: `Bearer ${token}` },
});
const pdf = Buffer.from(await report.arrayBuffer());
if (report.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-') {
  throw new Error(`report: ${report.status} ${report.headers.get('content-type')}, ${pdf.length} bytes`);
}
console.log(
  `deployment smoke test passed in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
    `${before - after} credits charged as quoted, report ${pdf.length} bytes`,
);
