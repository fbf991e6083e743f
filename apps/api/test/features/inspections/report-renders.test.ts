import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictionFiles, storageKeys } from '../../../src/storage/storage-keys.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { distinctJpeg } from '../../support/images.js';
import { predictWithFixtureModel } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

interface Inspector {
  user: SignedInUser;
  projectId: number;
}

async function inspector(t: TestApp): Promise<Inspector> {
  const user = await signUp(t.app, t.config.mail.outboxDir);
  const projectId = await createProject(t.app, user.headers);
  await predictWithFixtureModel(t.app, user.headers, projectId, [
    { name: 'bow.jpg', data: await distinctJpeg(1) },
    { name: 'stern.jpg', data: await distinctJpeg(2) },
  ]);
  return { user, projectId };
}

const report = (t: TestApp, { user, projectId }: Inspector) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/report/`, headers: user.headers });
const projectZip = (t: TestApp, { user, projectId }: Inspector) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/download/`, headers: user.headers });

/**
 * Starts the inspector's report and keeps it rendering: the photo of its first prediction becomes
 * a named pipe, which the render reads until `release` writes the photo into it. Resolves once the
 * render is reading it, so it holds its turn.
 */
async function heldReport(t: TestApp, who: Inspector) {
  const { storage_prefix: prefix } = await t.app.database.db
    .selectFrom('predictions')
    .select('storage_prefix')
    .where('owner', '=', who.user.organisationId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const file = path.join(t.config.storageDir, storageKeys.file(prefix, predictionFiles.org));
  const photo = await readFile(file);
  await rm(file);
  execFileSync('mkfifo', [file]);
  const answer = report(t, who);
  // Opening a pipe's writing end without waiting fails (ENXIO) until a reader has opened it.
  let pipe: Awaited<ReturnType<typeof open>> | undefined;
  while (!pipe) {
    pipe = await open(file, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined);
    if (!pipe) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const writer = pipe;
  return {
    async release(): Promise<LightMyRequestResponse> {
      await writer.writeFile(photo);
      await writer.close();
      const done = await answer;
      await rm(file);
      await writeFile(file, photo);
      return done;
    },
  };
}

function expectPdf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}

describe('report turns: two at once, one per user, a long wait', () => {
  let t: TestApp;
  let inspectors: Inspector[];
  beforeAll(async () => {
    t = await createTestApp({
      REPORT_RENDERS_AT_ONCE: '2',
      REPORT_RENDERS_PER_USER: '1',
      REPORT_WAIT_SECONDS: '600',
    });
    inspectors = [await inspector(t), await inspector(t), await inspector(t)];
  });
  afterAll(() => t.close());

  it('refuses a user’s second report, or project ZIP, while their first renders (429, Retry-After); others go on', async () => {
    const [first, other] = inspectors as [Inspector, Inspector];
    const held = await heldReport(t, first);

    for (const again of [await report(t, first), await projectZip(t, first)]) {
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe('600');
      expect(again.json()).toEqual({
        detail: 'You already have 1 report being prepared. Wait until one has finished, then try again.',
      });
    }
    expectPdf(await report(t, other));

    expectPdf(await held.release());
    // The turn ended with the answer: the user's next report renders.
    expectPdf(await report(t, first));
    expect((await projectZip(t, first)).statusCode).toBe(200);
  });

  it('makes a report wait while the process renders its most, and renders it when one ends', async () => {
    const [first, second, third] = inspectors as [Inspector, Inspector, Inspector];
    const heldFirst = await heldReport(t, first);
    const heldSecond = await heldReport(t, second);

    const events: string[] = [];
    const waiting = report(t, third).then((response) => {
      events.push('third answered');
      return response;
    });
    // Time enough for a report that did not wait to be rendered and answered before the release.
    await new Promise((resolve) => setTimeout(resolve, 500));
    events.push('first released');
    expectPdf(await heldFirst.release());
    expectPdf(await waiting);
    expect(events).toEqual(['first released', 'third answered']);
    expectPdf(await heldSecond.release());
  });
});

describe('a report that waits longer than REPORT_WAIT_SECONDS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      REPORT_RENDERS_AT_ONCE: '1',
      REPORT_RENDERS_PER_USER: '1',
      REPORT_WAIT_SECONDS: '1',
    });
  });
  afterAll(() => t.close());

  it('is refused with 429 and Retry-After when its turn has not come', async () => {
    const first = await inspector(t);
    const other = await inspector(t);
    const held = await heldReport(t, first);
    const refused = await report(t, other);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      detail: 'The server is busy preparing other reports. Please try again shortly.',
    });
    expectPdf(await held.release());
    expectPdf(await report(t, other));
  });
});
