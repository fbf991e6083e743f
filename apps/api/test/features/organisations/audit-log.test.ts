import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAuditRetention } from '../../../src/features/audit/audit-retention.js';
import { type SignedInUser, login, signUp } from '../../support/accounts.js';
import { solidImage } from '../../support/images.js';
import { predictWithFixtureModel } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { actingIn, teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;
let team: ReturnType<typeof actingIn>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  team = actingIn(owner, owner.organisationId);
});
afterAll(() => t.close());

async function audit(query = '') {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/organisation/audit/${query}`,
    headers: team,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return {
    events: answer.json() as { action: string; actor: string | null; target: string | null }[],
    total: Number(answer.headers['x-total-count']),
  };
}

describe('the audit log', () => {
  it("records the team's actions with actor, target and client address", async () => {
    const member = await teammate(t, owner, owner.organisationId, 'member');
    expect((await login(t.app, member.registration.username, 'Wrong-Password-1')).statusCode).toBe(401);
    const projectId = await createProject(t.app, member.team, { name: '=HYPERLINK("x")', location: 'Kiel' });
    const { imageIds } = await predictWithFixtureModel(t.app, member.team, projectId, [
      { name: 'gone.png', data: await solidImage('png') },
    ]);
    await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/report.json`,
      headers: member.team,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/image/${imageIds[0]}/delete/`,
      headers: member.team,
    });
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/delete/`, headers: member.team });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/organisation/members/${member.userId}/delete/`,
      headers: team,
    });

    const { events } = await audit();
    const actions = events.map((event) => event.action).reverse();
    expect(actions).toEqual(
      expect.arrayContaining([
        'member.invite',
        'member.join',
        'sign_in_failed',
        'prediction.request',
        'report.download',
        'image.delete',
        'project.delete',
        'member.remove',
      ]),
    );
    expect(actions.indexOf('member.invite')).toBeLessThan(actions.indexOf('member.remove'));
    const failed = events.find((event) => event.action === 'sign_in_failed')!;
    expect(failed).toMatchObject({ actor: member.registration.username, client_address: '127.0.0.1' });
    expect(events.find((event) => event.action === 'project.delete')).toMatchObject({
      actor: member.registration.username,
      target: '=HYPERLINK("x")',
    });
  });

  it('filters by actor, action and day, and pages with the total in X-Total-Count', async () => {
    const byAction = await audit('?action=member.invite');
    expect(byAction.events.every((event) => event.action === 'member.invite')).toBe(true);
    expect(byAction.total).toBe(byAction.events.length);
    const mine = await audit(`?actor=${owner.userId}`);
    expect(mine.events.every((event) => event.actor === owner.registration.username)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const all = await audit(`?from=${today}&to=${today}`);
    expect(all.total).toBeGreaterThan(5);
    expect((await audit('?to=2000-01-01')).total).toBe(0);
    const page = await audit('?offset=1&limit=2');
    expect(page.events).toHaveLength(2);
    expect(page.events[0]).toEqual(all.events[1]);
    const badDay = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/audit/?from=27.11.2026',
      headers: team,
    });
    expect(badDay.statusCode).toBe(400);
  });

  it('exports CSV with formulas made harmless, and JSON', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/audit/export/?format=csv',
      headers: team,
    });
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename=audit-log-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = csv.body.trimEnd().split('\n');
    expect(lines[0]).toBe('time,actor_id,actor,action,target_type,target_id,target,detail,client_address');
    const deletion = lines.find((line) => line.includes(',project.delete,'))!;
    // Quoted, and led by an apostrophe: a spreadsheet shows the text instead of running it.
    expect(deletion).toContain(`,"'=HYPERLINK(""x"")",`);
    const json = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/audit/export/?format=json',
      headers: team,
    });
    // The same entries, and the CSV export before it, which is recorded too.
    expect(json.json().length).toBe(lines.length);
    expect(json.json()[0]).toMatchObject({ action: 'audit.export', detail: { format: 'csv' } });
  });

  it('drops entries past the retention period, and keeps the rest', async () => {
    const db = t.app.database.db;
    const old = new Date(Date.now() - 401 * 86_400_000).toISOString();
    await db
      .insertInto('audit_events')
      .values({ organisation_id: owner.organisationId, action: 'sign_in', created_at: old })
      .execute();
    const before = await db.selectFrom('audit_events').select('id').execute();
    const stop = new AbortController();
    keepAuditRetention(db, 400, t.app.log, stop.signal);
    await expect
      .poll(async () => (await db.selectFrom('audit_events').select('id').execute()).length)
      .toBe(before.length - 1);
    stop.abort();
    const oldest = await db
      .selectFrom('audit_events')
      .select('created_at')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    expect(oldest.created_at > old).toBe(true);
  });

  it('has no path in the code that changes or deletes an entry, but the retention', async () => {
    const sourceDir = fileURLToPath(new URL('../../../src', import.meta.url));
    const offenders: string[] = [];
    for (const file of await readdir(sourceDir, { recursive: true })) {
      if (!file.endsWith('.ts')) continue;
      const text = await readFile(path.join(sourceDir, file), 'utf8');
      const writes = text.match(/(updateTable|deleteFrom)\(\s*'audit_events'/g) ?? [];
      if (writes.length > 0) offenders.push(`${file}: ${writes.length}`);
    }
    expect(offenders).toEqual([path.join('features', 'audit', 'audit.repository.ts') + ': 1']);
  });
});
