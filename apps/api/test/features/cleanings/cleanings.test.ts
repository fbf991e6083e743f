import { Cleaning, CleaningComparison, RecordBook } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { cleaningsService } from '../../../src/features/cleanings/cleanings.service.js';
import { pdfPages } from '../../support/pdf.js';
import { teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { createVessel, decidedInspection, sign } from '../record-book/record-book-fixture.js';

// Issue 40 §6: two inspections of a vessel linked as before and after a cleaning, checked as a pair,
// compared zone by zone (JSON and PDF), audited, and entered in the Record Book.

let t: TestApp;
let owner: SignedInUser;
let vesselId: number;
let before: number;
let after: number;
let otherVessel: number;
let otherVesselsInspection: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  vesselId = await createVessel(t, owner.headers);
  before = await decidedInspection(t, owner.headers, vesselId, {
    name: 'Before cleaning',
    date: '2026-05-02',
    rating: 3,
    notInspected: ['sea_chest'],
  });
  after = await decidedInspection(t, owner.headers, vesselId, {
    name: 'After cleaning',
    date: '2026-05-06',
    rating: 0,
  });
  await sign(t, owner.headers, before);
  otherVessel = await createVessel(t, owner.headers, 'MV Elsewhere', null);
  otherVesselsInspection = await decidedInspection(t, owner.headers, otherVessel, {
    name: 'Other ship',
    date: '2026-05-03',
    rating: 1,
  });
});
afterAll(() => t.close());

const base = () => `/api/vessels/${vesselId}/cleanings/`;
const CLEANING = {
  date: '2026-05-04',
  company: 'Clean Hulls Ltd',
  method: 'ROV brush cart',
  capture: true,
  certificate_reference: 'CH-2026-117',
  notes: 'Propeller polished.',
};
const post = (url: string, payload?: object, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload && { payload }) });
const get = (url: string, headers: Record<string, string> = owner.headers) =>
  t.app.inject({ method: 'GET', url, headers });
const listed = async () => Cleaning.array().parse((await get(base())).json());
const auditActions = async () =>
  ((await get('/api/organisation/audit/?limit=100')).json() as { action: string }[]).map(
    (event) => event.action,
  );

describe('recording a cleaning', () => {
  it('links the two inspections with the signed revision of each, and enters it in the Record Book', async () => {
    const created = await post(base(), { ...CLEANING, before, after });
    expect(created.statusCode, created.body).toBe(201);
    const cleaning = Cleaning.parse(created.json());
    expect(cleaning).toMatchObject({
      ...CLEANING,
      vessel: vesselId,
      before: { project: before, project_name: 'Before cleaning', date: '2026-05-02', revision: 1 },
      after: { project: after, date: '2026-05-06', revision: null, report_sha256: null },
    });
    expect(cleaning.created_by).toBeTruthy();
    expect((await get(`${base()}${cleaning.id}/`)).json()).toEqual(created.json());
    expect(await listed()).toHaveLength(1);

    const book = RecordBook.parse((await get(`/api/vessels/${vesselId}/record-book/`)).json());
    expect(book.entries.map((entry) => `${entry.entry_type} ${entry.date}`)).toEqual([
      'inspection 2026-05-02',
      'cleaning 2026-05-04',
    ]);
    expect(book.entries[1]).toMatchObject({
      company: 'Clean Hulls Ltd',
      capture: true,
      certificate_reference: 'CH-2026-117',
    });
    const pdf = (
      await pdfPages((await get(`/api/vessels/${vesselId}/record-book/download/`)).rawPayload)
    ).join(' ');
    expect(pdf.replace(/\s+/g, ' ')).toContain('Entry 2: In-water cleaning, 2026-05-04');
    expect(pdf).toContain('Clean Hulls Ltd');
    expect(await auditActions()).toContain('cleaning.create');
  });

  it('refuses a bad pair or dates with a 400 on the field and stores nothing', async () => {
    const cases: [object, string, string][] = [
      [{ before, after: before }, 'after', 'Choose two different inspections'],
      [{ before: undefined, after }, 'before', 'Choose an inspection of this vessel.'],
      [{ before: otherVesselsInspection, after }, 'before', 'another vessel'],
      [{ before: after, after: before, date: '2026-05-04' }, 'before', 'dated after the inspection after it'],
      [{ before, after, date: '2026-05-01' }, 'date', 'dated before the inspection before it'],
      [{ before, after, date: '2026-05-07' }, 'date', 'dated after the inspection after it'],
      [{ before, after, company: '  ' }, 'company', 'Required'],
      [{ before, after, capture: 'yes' }, 'capture', 'true or false'],
      [{ before, after, company: 'Clean\u0000Hulls' }, 'company', 'control'],
      [{ before, after, certificate_reference: 'x'.repeat(201) }, 'certificate_reference', '200 characters'],
      [{ before, after, date: '4 May 2026' }, 'date', ''],
    ];
    for (const [change, field, message] of cases) {
      const answer = await post(base(), { ...CLEANING, ...change });
      expect(answer.statusCode, `${JSON.stringify(change)}: ${answer.body}`).toBe(400);
      expect(answer.json()[field]?.join(' '), JSON.stringify(answer.json())).toContain(message);
    }
    expect(await listed()).toHaveLength(1);
  });

  it("answers 404 for another organisation's inspection, vessel or cleaning", async () => {
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const strangersVessel = await createVessel(t, stranger.headers, 'MV Stranger', null);
    const strangersInspection = await decidedInspection(t, stranger.headers, strangersVessel, {
      name: 'Theirs',
      date: '2026-05-05',
      rating: 0,
    });
    const answer = await post(base(), { ...CLEANING, before, after: strangersInspection });
    expect(answer.statusCode).toBe(404);
    const [cleaning] = await listed();
    for (const url of [base(), `${base()}${cleaning!.id}/`, `${base()}${cleaning!.id}/comparison/`]) {
      expect((await get(url, stranger.headers)).statusCode).toBe(404);
    }
    expect((await post(`${base()}${cleaning!.id}/delete/`, undefined, stranger.headers)).statusCode).toBe(
      404,
    );
    expect(await listed()).toHaveLength(1);
  });

  it('lets a viewer read the cleanings but not record one', async () => {
    const viewer = await teammate(t, owner, owner.organisationId, 'viewer');
    expect((await get(base(), viewer.team)).json()).toHaveLength(1);
    expect((await post(base(), { ...CLEANING, before, after }, viewer.team)).statusCode).toBe(403);
  });
});

describe('changing and deleting a cleaning', () => {
  it('checks an update against the stored fields, then changes only what was sent', async () => {
    const [cleaning] = await listed();
    const url = `${base()}${cleaning!.id}/update/`;
    const refused = await post(url, { date: '2026-05-09' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().date).toEqual(['The cleaning is dated after the inspection after it.']);
    const changed = await post(url, { date: '2026-05-05', certificate_reference: null, capture: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      date: '2026-05-05',
      certificate_reference: null,
      capture: false,
      company: 'Clean Hulls Ltd',
    });
    expect(await auditActions()).toContain('cleaning.update');
  });

  it('deletes it from the list and the Record Book, leaving the inspections', async () => {
    const extra = Cleaning.parse((await post(base(), { ...CLEANING, before, after })).json());
    expect((await post(`${base()}${extra.id}/delete/`)).statusCode).toBe(200);
    expect((await get(`${base()}${extra.id}/`)).statusCode).toBe(404);
    expect(await listed()).toHaveLength(1);
    const book = RecordBook.parse((await get(`/api/vessels/${vesselId}/record-book/`)).json());
    expect(book.entries.filter((entry) => entry.entry_type === 'cleaning')).toHaveLength(1);
    expect((await get(`/api/projects/${before}/`)).statusCode).toBe(200);
    expect(await auditActions()).toContain('cleaning.delete');
  });
});

describe('the comparison', () => {
  it('gives each zone before → after with its outcome, as JSON and as a PDF report', async () => {
    const [cleaning] = await listed();
    const response = await get(`${base()}${cleaning!.id}/comparison/`);
    expect(response.statusCode, response.body).toBe(200);
    const comparison = CleaningComparison.parse(response.json());
    expect(comparison.overall).toEqual({
      before: { value: 3, label: 'Medium macrofouling' },
      after: { value: 0, label: 'No fouling' },
    });
    const zone = (name: string) => comparison.zones.find((entry) => entry.hull_zone === name)!;
    expect(zone('flat_bottom')).toMatchObject({
      before: { status: 'inspected', rating: { value: 3 }, rating_source: 'inspector' },
      after: { status: 'inspected', rating: { value: 0 } },
      outcome: 'improved',
    });
    expect(zone('sea_chest')).toMatchObject({
      before: { status: 'not_inspected', not_inspected_reason: 'Not accessible', rating: null },
      outcome: 'not_comparable',
    });

    const pdf = await get(`${base()}${cleaning!.id}/comparison/download/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('MV Kittiwake-cleaning-2026-05-05-comparison.pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Before and after cleaning');
    expect(text).toContain(
      'Flat bottom: IMO rating 3: Medium macrofouling → IMO rating 0: No fouling (Improved)',
    );
    expect(text).toContain('Not inspected: Not accessible');
    expect(text).toContain('ROV brush cart');
    expect(text).toContain('ISO/DIS 6319');
  });

  it('compares a reopened inspection as it is now, naming its last signed revision without its hash', async () => {
    const [cleaning] = await listed();
    const signedSide = Cleaning.parse((await get(`${base()}${cleaning!.id}/`)).json()).before;
    expect(signedSide).toMatchObject({ revision: 1, revision_label: 'revision 1' });
    expect(signedSide.report_sha256).toMatch(/^[0-9a-f]{64}$/);
    const reopened = await post(`/api/projects/${before}/reopen/`, { reason: 'Ratings to be checked.' });
    expect(reopened.statusCode, reopened.body).toBe(200);

    const comparison = CleaningComparison.parse((await get(`${base()}${cleaning!.id}/comparison/`)).json());
    expect(comparison.cleaning.before).toMatchObject({
      revision: 1,
      report_sha256: null,
      revision_label: 'reopened since revision 1; compared as it is now',
    });
    const pdf = await get(`${base()}${cleaning!.id}/comparison/download/`);
    const text = (await pdfPages(pdf.rawPayload)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('reopened since revision 1; compared as it is now');
    expect(text.replace(/ /g, '')).not.toContain(signedSide.report_sha256);
  });
});

describe('cleanings stay valid', () => {
  const updateProject = (projectId: number, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}/update/`,
      headers: owner.headers,
      payload,
    });

  it('refuses to move or redate an inspection out from under its cleaning, naming the cleaning', async () => {
    const [cleaning] = await listed();
    for (const change of [{ vessel: otherVessel }, { vessel: null }, { inspection_date: '2026-05-01' }]) {
      const refused = await updateProject(after, change);
      expect(refused.statusCode, `${JSON.stringify(change)}: ${refused.body}`).toBe(409);
      expect(refused.json().detail).toContain(`(cleaning ${cleaning!.id})`);
      expect(refused.json().detail).toContain('after the cleaning of 2026-05-05 by Clean Hulls Ltd');
    }
    const project = (await get(`/api/projects/${after}/`)).json();
    expect(project).toMatchObject({ vessel: vesselId, inspection_date: '2026-05-06' });
    // A change that keeps the cleaning valid goes through.
    const later = await updateProject(after, {
      inspection_date: '2026-05-08',
      name: 'After cleaning, redated',
    });
    expect(later.statusCode, later.body).toBe(200);
    expect((await get(`${base()}${cleaning!.id}/`)).json().after).toMatchObject({ date: '2026-05-08' });
  });

  it('lets only one of a cleaning change and a project change sent together through when both would break it', async () => {
    const [cleaning] = await listed();
    const [cleaningChange, projectChange] = await Promise.all([
      post(`${base()}${cleaning!.id}/update/`, { date: '2026-05-08' }),
      updateProject(after, { inspection_date: '2026-05-06' }),
    ]);
    const outcomes = [cleaningChange.statusCode, projectChange.statusCode].sort();
    expect(outcomes, `${cleaningChange.body} ${projectChange.body}`).toEqual(
      [200, cleaningChange.statusCode === 200 ? 409 : 400].sort(),
    );
    const stored = Cleaning.parse((await get(`${base()}${cleaning!.id}/`)).json());
    expect(stored.date <= stored.after.date!).toBe(true);
  });

  it('refuses a cleaning past the vessel cap with a 409 saying so, and stores and audits nothing', async () => {
    const count = (await listed()).length;
    const audited = (await auditActions()).length;
    const capped = cleaningsService(t.app.database.db, owner.organisationId, vesselId, count);
    await expect(
      capped.create({ ...CLEANING, before, after }, { id: owner.userId, name: 'Owner' }, { actor: null }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: `This vessel already has ${count} cleanings, the most one vessel may have. Delete one you no longer need to record another.`,
    });
    expect(await listed()).toHaveLength(count);
    expect(await auditActions()).toHaveLength(audited);
  });
});

describe('deleting an inspection a cleaning names', () => {
  it('takes the cleaning with it and audits both, in the same change', async () => {
    const [cleaning] = await listed();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${after}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`${base()}${cleaning!.id}/`)).statusCode).toBe(404);
    const events = (await get('/api/organisation/audit/?limit=100')).json() as {
      action: string;
      target_id: string | null;
      detail: Record<string, unknown> | null;
    }[];
    const projectEntry = events.find((event) => event.action === 'project.delete');
    expect(projectEntry?.target_id).toBe(String(after));
    expect(
      events.find((event) => event.action === 'cleaning.delete' && event.target_id === String(cleaning!.id)),
    ).toMatchObject({ detail: { vessel: vesselId, with_project: after, project_side: 'after' } });
  });
});

describe('deleting a vessel with cleanings', () => {
  it('takes its cleanings with it and audits the vessel and each cleaning, in the same change', async () => {
    const vessel = await createVessel(t, owner.headers, 'MV Short Lived', null);
    const first = await decidedInspection(t, owner.headers, vessel, {
      name: 'First',
      date: '2026-06-01',
      rating: 2,
    });
    const second = await decidedInspection(t, owner.headers, vessel, {
      name: 'Second',
      date: '2026-06-09',
      rating: 0,
    });
    const url = `/api/vessels/${vessel}/cleanings/`;
    const created = await Promise.all(
      ['2026-06-03', '2026-06-05'].map(async (date) =>
        Cleaning.parse((await post(url, { ...CLEANING, date, before: first, after: second })).json()),
      ),
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/vessels/${vessel}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    const events = (await get('/api/organisation/audit/?limit=100')).json() as {
      action: string;
      target_id: string | null;
      detail: Record<string, unknown> | null;
    }[];
    expect(events.find((event) => event.action === 'vessel.delete')?.target_id).toBe(String(vessel));
    for (const cleaning of created) {
      expect(
        events.find((event) => event.action === 'cleaning.delete' && event.target_id === String(cleaning.id)),
      ).toMatchObject({ detail: { vessel, with_vessel: vessel } });
    }
  });
});
