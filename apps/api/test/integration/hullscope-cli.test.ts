import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { signUp } from '../support/accounts.js';
import { runHullscope } from '../support/hullscope-cli.js';
import { distinctJpeg } from '../support/images.js';
import { pdfPages } from '../support/pdf.js';
import { createProject } from '../support/projects.js';
import {
  type WatchedProcess,
  createDataHome,
  freePort,
  homeEnv,
  startServerProcess,
  waitUntilHealthy,
  watchProcess,
} from '../support/server-process.js';

const PHOTOS = 50;
const SPAWNING_TEST_TIMEOUT_MS = 300_000;

let home: Awaited<ReturnType<typeof createDataHome>>;
let server: WatchedProcess;
let baseUrl: string;
let apiKey: string;
let projectId: number;
let projectName: string;
let work: string;

/** Signs in over HTTP and makes the API key a field team would be given: read and write. */
async function apiKeyOf(username: string, password: string): Promise<string> {
  const signedIn = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(signedIn.status).toBe(200);
  const { access } = (await signedIn.json()) as { access: string };
  const created = await fetch(`${baseUrl}/api/organisation/api-keys/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify({ name: 'Field laptop', scopes: ['read', 'write'] }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { secret: string }).secret;
}

async function projectHashes(): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/projects/${projectId}/image-hashes/`, {
    headers: { Authorization: `Bearer ${apiKey}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { content_sha256: string }[]).map((row) => row.content_sha256);
}

beforeAll(async () => {
  home = await createDataHome('hullscope-cli-');
  work = await mkdtemp(path.join(tmpdir(), 'hullscope-cli-work-'));
  const env = homeEnv(home, {
    WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
    QUEUE_POLL_MS: '50',
    INFERENCE_THREADS: '1',
  });
  // The user and the project are made in-process (the sign-up e-mail is read from the outbox),
  // then the server runs as its own process, as a field team's would.
  const setup = await buildApp(loadConfig({ ...env, WORKER_ENABLED: 'false' }));
  let username: string;
  let password: string;
  try {
    const user = await signUp(setup, path.join(home.dataDir, 'outbox'));
    ({ username, password } = user.registration);
    projectName = 'Hull survey by CLI';
    projectId = await createProject(setup, user.headers, { name: projectName, location: 'Rotterdam' });
  } finally {
    await setup.close();
  }
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = startServerProcess({ ...env, PORT: String(port) }, ['ignore', 'pipe', 'pipe']);
  server = watchProcess(child);
  await waitUntilHealthy(`${baseUrl}/api/health`, server);
  apiKey = await apiKeyOf(username, password);
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await rm(work, { recursive: true, force: true });
  await home?.remove();
});

describe('the hullscope CLI against a running server', () => {
  it(
    'logs in, uploads a folder of 50 photos, predicts and waits, downloads the report; a rerun uploads nothing',
    async () => {
      const configHome = path.join(work, 'config');
      const cli = (...args: string[]) => runHullscope({ XDG_CONFIG_HOME: configHome }, ...args);

      const loggedIn = await cli('login', '--key', apiKey, '--url', baseUrl);
      expect(loggedIn.code, loggedIn.stderr).toBe(0);
      expect(loggedIn.stdout).toContain(`Logged in to ${baseUrl}`);
      const configFile = path.join(configHome, 'hullscope', 'config.json');
      expect((await stat(configFile)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(configFile, 'utf8'))).toEqual({ url: baseUrl, key: apiKey });

      const listed = await cli('projects', 'list');
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(`${projectId}\t${projectName}\tRotterdam`);

      const folder = path.join(work, 'survey');
      await mkdir(folder);
      for (let index = 0; index < PHOTOS; index += 1) {
        const name = `survey-${String(index + 1).padStart(3, '0')}.jpg`;
        await writeFile(path.join(folder, name), await distinctJpeg(index));
      }
      await writeFile(path.join(folder, 'dive-log.txt'), 'Diver 1, 10:42, visibility 3 m\n');

      const uploaded = await cli('upload', folder, '--project', String(projectId), '--zone', 'flat_bottom');
      expect(uploaded.code, uploaded.stderr + uploaded.stdout).toBe(0);
      expect(uploaded.stdout).toContain('not an image  dive-log.txt');
      expect(uploaded.stdout.match(/^uploaded\s+survey-\d{3}\.jpg$/gm)).toHaveLength(PHOTOS);
      expect(uploaded.stdout).toContain(
        `${PHOTOS} uploaded, 0 skipped, 0 refused, 0 not sent, 1 not images.`,
      );
      expect(new Set(await projectHashes()).size).toBe(PHOTOS);

      const predicted = await cli(
        'predict',
        '--project',
        String(projectId),
        '--model',
        'color-classes',
        '--resolution',
        'standard',
        '--wait',
        '--interval',
        '0.2',
      );
      expect(predicted.code, predicted.stderr + predicted.stdout).toBe(0);
      expect(predicted.stdout).toMatch(new RegExp(`queued: ${PHOTOS} photos with Color Classes`));
      expect(predicted.stdout).toMatch(new RegExp(`finished: ${PHOTOS} of ${PHOTOS} photos predicted`));

      const again = await cli(
        'predict',
        '--project',
        String(projectId),
        '--model',
        'color-classes',
        '--wait',
      );
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('already has a prediction of Color Classes');

      const reportFile = path.join(work, 'report.pdf');
      const reported = await cli('report', '--project', String(projectId), '-o', reportFile);
      expect(reported.code, reported.stderr).toBe(0);
      const pdf = await readFile(reportFile);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(10_000);
      const pages = await pdfPages(pdf);
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.join(' ')).toContain(projectName);

      const rerun = await cli('upload', folder, '--project', String(projectId));
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(rerun.stdout.match(/^skipped\s+survey-\d{3}\.jpg \(already in the project\)$/gm)).toHaveLength(
        PHOTOS,
      );
      expect(rerun.stdout).toContain(`0 uploaded, ${PHOTOS} skipped`);
      expect(await projectHashes()).toHaveLength(PHOTOS);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );

  it('says what is wrong, with its own exit status: unknown project, refused key, unreachable server', async () => {
    const withKey = (key: string, url = baseUrl) => ({
      HULLSCOPE_URL: url,
      HULLSCOPE_KEY: key,
      XDG_CONFIG_HOME: path.join(work, 'none'),
    });

    const unknown = await runHullscope(withKey(apiKey), 'upload', work, '--project', '999999');
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('Project 999999 not found in this organisation');

    const refused = await runHullscope(withKey('hsk_not-a-key'), 'projects', 'list');
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('The server refused the key (401');

    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await runHullscope(withKey(apiKey, closed), 'projects', 'list');
    expect(unreachable.code).toBe(5);
    expect(unreachable.stderr).toContain(`Could not reach ${closed}/api/projects/`);

    const notLoggedIn = await runHullscope({ XDG_CONFIG_HOME: path.join(work, 'none') }, 'projects', 'list');
    expect(notLoggedIn.code).toBe(2);
    expect(notLoggedIn.stderr).toContain('Not logged in');
  }, 60_000);
});
