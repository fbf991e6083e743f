import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredExports } from '../../../src/features/exports/run-data-export.js';
import { createStorage } from '../../../src/storage/create-storage.js';
import { signUp } from '../../support/accounts.js';
import { solidImage } from '../../support/images.js';
import { waitForMail } from '../../support/outbox.js';
import { predictWithFixtureModel, readZip } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { decidedInspection } from '../record-book/record-book-fixture.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const outbox = () => path.join(t.dataDir, 'outbox');

async function waitForExport(headers: { authorization: string }, id: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await t.app.inject({ method: 'GET', url: `/api/user/export/${id}/`, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    if (body.status === 'READY' || body.status === 'FAILED') return body;
    if (Date.now() > deadline) throw new Error(`export ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The download link of the newest export mail to `email`, as path and query for inject. */
async function exportLink(email: string): Promise<string> {
  const mail = await waitForMail(outbox(), email, /export is ready/);
  const link = mail.links.find((candidate) => candidate.includes('/api/user/export/'));
  expect(link, 'the mail holds the download link').toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('a data export', () => {
  it('is built by a job, e-mailed as a link, and holds the account, fleet, ledger, reports, originals and masks', async () => {
    const user = await signUp(t.app, outbox());
    const vessel = await t.app.inject({
      method: 'POST',
      url: '/api/vessels/',
      headers: user.headers,
      payload: { name: 'Nordic Tern', imo_number: 'IMO 9074729' },
    });
    expect(vessel.statusCode, vessel.body).toBe(201);
    const vesselId: number = vessel.json().id;
    const before = await decidedInspection(t, user.headers, vesselId, {
      name: 'Before',
      date: '2026-03-01',
      rating: 3,
    });
    const after = await decidedInspection(t, user.headers, vesselId, {
      name: 'After',
      date: '2026-03-20',
      rating: 0,
    });
    const cleaning = await t.app.inject({
      method: 'POST',
      url: `/api/vessels/${vesselId}/cleanings/`,
      headers: user.headers,
      payload: {
        before,
        after,
        date: '2026-03-16',
        company: 'Clean Hulls Ltd',
        method: 'Divers',
        capture: true,
      },
    });
    expect(cleaning.statusCode, cleaning.body).toBe(201);
    const projectId = await createProject(t.app, user.headers, {
      name: 'Dry dock 2026/11',
      location: 'Gdańsk',
    });
    const original = await solidImage('png');
    const { imageIds } = await predictWithFixtureModel(t.app, user.headers, projectId, [
      { name: 'bow.png', data: original },
      { name: 'stern.png', data: original },
    ]);

    const started = await t.app.inject({ method: 'POST', url: '/api/user/export/', headers: user.headers });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      status: 'QUEUED',
      progress: { done: 0, total: 0 },
      expires_at: null,
    });
    const ready = await waitForExport(user.headers, started.json().id);
    expect(ready.status).toBe('READY');
    expect(ready.progress.done).toBe(ready.progress.total);
    expect(ready.progress.total).toBeGreaterThan(10);
    expect(Date.parse(ready.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const download = await t.app.inject({ method: 'GET', url: await exportLink(user.registration.email) });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.rawPayload.length).toBe(ready.size_bytes);
    const files = await readZip(download.rawPayload);
    expect(files.get('README.md')!.toString()).toContain('# Hullscope data export');

    const account = JSON.parse(files.get('account.json')!.toString());
    expect(account.user).toMatchObject({ id: user.userId, username: user.registration.username });
    expect(JSON.stringify(account)).not.toMatch(/password|session_version/);
    expect(JSON.parse(files.get('vessels.json')!.toString())).toMatchObject([
      { name: 'Nordic Tern', imo_number: '9074729', bilge_keels: null },
    ]);
    // The cleanings are compliance records the organisation entered: they go with the data too.
    expect(JSON.parse(files.get('cleanings.json')!.toString())).toMatchObject([
      { vessel_id: vesselId, before_project_id: before, after_project_id: after, company: 'Clean Hulls Ltd' },
    ]);
    // Issue 40: the rules that decide the actions go with the data.
    expect(JSON.parse(files.get('decision-rules.json')!.toString())).toMatchObject({
      is_default: true,
      rules: expect.arrayContaining([
        expect.objectContaining({ action: 'In-water cleaning with capture recommended' }),
      ]),
    });
    const ledger = JSON.parse(files.get('credit-ledger.json')!.toString());
    expect(ledger.map((row: { kind: string }) => row.kind)).toEqual(['signup_bonus', 'prediction']);
    const exported = JSON.parse(files.get('projects.json')!.toString()) as { id: number; folder: string }[];
    expect(exported.map((entry) => entry.id)).toEqual([before, after, projectId]);
    const project = exported.at(-1)!;
    expect(project).toMatchObject({
      id: projectId,
      name: 'Dry dock 2026/11',
      folder: `projects/${projectId}-Dry_dock_2026_11`,
    });

    const report = JSON.parse(files.get(`${project.folder}/report.json`)!.toString());
    expect(report.project.name).toBe('Dry dock 2026/11');
    expect(files.get(`${project.folder}/summary.csv`)!.toString().split('\n').filter(Boolean)).toHaveLength(
      3,
    );
    expect(files.get(`${project.folder}/${imageIds[0]}-bow.png/original.png`)).toEqual(original);
    const masks = [...files.keys()].filter(
      (name) => name.startsWith(project.folder) && name.endsWith('/PRED.png'),
    );
    expect(masks).toHaveLength(2);
  });

  it('is seen only by its owner, and its link needs the exact token', async () => {
    const owner = await signUp(t.app, outbox());
    const other = await signUp(t.app, outbox());
    const first = await t.app.inject({ method: 'POST', url: '/api/user/export/', headers: owner.headers });
    expect(first.statusCode).toBe(201);
    const id = first.json().id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/export/${id}/`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    await waitForExport(owner.headers, id);
    const link = await exportLink(owner.registration.email);
    const wrong = link.replace(/token=[^&]+/, 'token=not-the-token');
    expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    const otherId = link.replace(`/export/${id}/`, `/export/${id + 1000}/`);
    expect((await t.app.inject({ method: 'GET', url: otherId })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/user/export/${id}/download/` })).statusCode).toBe(
      400,
    );
  });

  it('stops working when the link expires, and the expired file is removed', async () => {
    const user = await signUp(t.app, outbox());
    const started = await t.app.inject({ method: 'POST', url: '/api/user/export/', headers: user.headers });
    const id = started.json().id;
    await waitForExport(user.headers, id);
    const link = await exportLink(user.registration.email);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    const { db } = t.app.database;
    await db
      .updateTable('data_exports')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const expired = await t.app.inject({ method: 'GET', url: link });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().detail).toMatch(/expired/);

    const stored = path.join(
      t.config.storageDir,
      'users',
      String(user.organisationId),
      'exports',
      String(id),
      'hullscope-export.zip',
    );
    await expect(readFile(stored)).resolves.toBeInstanceOf(Buffer);
    await removeExpiredExports({ db, storage: createStorage(t.config.storage, t.config.uploads.tempDir) });
    await expect(readFile(stored)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('is refused while another is being prepared', async () => {
    const idle = await createTestApp({ WORKER_ENABLED: 'false' });
    try {
      const user = await signUp(idle.app, path.join(idle.dataDir, 'outbox'));
      const first = await idle.app.inject({
        method: 'POST',
        url: '/api/user/export/',
        headers: user.headers,
      });
      expect(first.statusCode).toBe(201);
      const second = await idle.app.inject({
        method: 'POST',
        url: '/api/user/export/',
        headers: user.headers,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().detail).toMatch(/already being prepared/);
    } finally {
      await idle.close();
    }
  });

  it('may be started three times a day', async () => {
    const user = await signUp(t.app, outbox());
    for (let index = 0; index < 3; index += 1) {
      const started = await t.app.inject({ method: 'POST', url: '/api/user/export/', headers: user.headers });
      expect(started.statusCode, started.body).toBe(201);
      await waitForExport(user.headers, started.json().id);
    }
    const fourth = await t.app.inject({ method: 'POST', url: '/api/user/export/', headers: user.headers });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBe('3600');
  });
});
