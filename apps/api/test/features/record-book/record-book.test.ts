import { createHash } from 'node:crypto';
import { RecordBook, type RecordBookInspectionEntry } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { pdfPages } from '../../support/pdf.js';
import { teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { renderRecordBookPdf } from '../../../src/features/record-book/record-book-pdf.js';
import { createVessel, decidedInspection, sign } from './record-book-fixture.js';

// Issue 40 §7: a vessel's Record Book lists its signed inspections, each from its latest signed
// revision's report.json, with the fields of the IMO form, as JSON and as PDF.

let t: TestApp;
let owner: SignedInUser;
let vesselId: number;
let spring: number;
let autumn: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  vesselId = await createVessel(t, owner.headers);
  // Signed after the autumn one, dated before it: the book orders by inspection date.
  autumn = await decidedInspection(t, owner.headers, vesselId, {
    name: 'Autumn survey',
    date: '2026-10-02',
    rating: 3,
    notInspected: ['sea_chest', 'rudder'],
    antifouling: 'major_damage',
  });
  spring = await decidedInspection(t, owner.headers, vesselId, {
    name: 'Spring survey',
    date: '2026-04-20',
    rating: 1,
  });
  await sign(t, owner.headers, autumn);
  await sign(t, owner.headers, spring);
});
afterAll(() => t.close());

const book = async (headers: Record<string, string> = owner.headers) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/vessels/${vesselId}/record-book/`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return RecordBook.parse(response.json());
};
const inspections = (list: RecordBook) =>
  list.entries.filter((entry): entry is RecordBookInspectionEntry => entry.entry_type === 'inspection');

describe('the Record Book as JSON', () => {
  it('lists the signed inspections oldest first with the form fields and the revision they cite', async () => {
    const draft = await decidedInspection(t, owner.headers, vesselId, {
      name: 'Unsigned draft',
      date: '2026-01-01',
      rating: 0,
    });
    const list = await book();
    expect(list.vessel).toMatchObject({
      id: vesselId,
      name: 'MV Kittiwake',
      imo_number: '9074729',
      flag_name: 'Norway',
    });
    const entries = inspections(list);
    expect(entries.map((entry) => entry.project)).toEqual([spring, autumn]);
    expect(entries.map((entry) => entry.project)).not.toContain(draft);
    // The diagram the book asks for: side and bottom views with the niche areas.
    expect(list.hull_plan?.views.map((view) => view.view)).toEqual(['port', 'starboard', 'bottom']);
    expect(list.hull_plan?.legend.some((entry) => entry.kind === 'niche')).toBe(true);

    const entry = entries[1]!;
    expect(entry).toMatchObject({
      entry_label: 'In-water inspection',
      date: '2026-10-02',
      location: 'Rotterdam, Calandkanaal',
      inspected_by: 'Hull Divers BV',
      overall_rating: { value: 3 },
      person_in_charge: { name: 'Ada Lovelace', position: 'Chief Officer' },
      revision: { revision: 1, reopened: false },
    });
    expect(entry.areas_not_inspected).toEqual([
      expect.objectContaining({ area: 'Rudder', reason: 'Not accessible', notes: 'Behind the fender' }),
      expect.objectContaining({ area: 'Sea chest', reason: 'Not accessible' }),
    ]);
    expect(entry.areas_inspected.find((area) => area.area === 'Flat bottom')).toMatchObject({
      rating: { value: 3 },
      rating_source: 'inspector',
      antifouling_condition: 'Major damage',
    });
    expect(entry.antifouling_condition).toMatch(/^Major damage: .*Flat bottom/);
    expect(entry.actions.length).toBeGreaterThan(0);
    expect(entry.actions.map((action) => action.action).join(' ')).toMatch(/clean/i);

    // The revision cited is the stored report.json, byte for byte.
    const stored = await t.app.inject({
      method: 'GET',
      url: entry.revision.report_json_path,
      headers: owner.headers,
    });
    expect(createHash('sha256').update(stored.rawPayload).digest('hex')).toBe(entry.revision.report_sha256);
  });

  it('keeps a reopened inspection at its last signed revision, says so, and cites revision 2 once signed again', async () => {
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${spring}/reopen/`,
      headers: owner.headers,
      payload: { reason: 'The propeller photos were missed.' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const open = inspections(await book()).find((entry) => entry.project === spring)!;
    expect(open.revision).toMatchObject({
      revision: 1,
      reopened: true,
      reopen_reason: 'The propeller photos were missed.',
    });
    expect(open.remarks).toContain('not signed again');

    // Moved to another vessel while open: its signed record still names this one, so it stays here.
    const other = await createVessel(t, owner.headers, 'MV Other', null);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${spring}/update/`,
      headers: owner.headers,
      payload: { vessel: other },
    });
    expect(inspections(await book()).map((entry) => entry.project)).toContain(spring);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${spring}/update/`,
      headers: owner.headers,
      payload: { vessel: vesselId },
    });

    const again = await sign(t, owner.headers, spring, 'Grace Hopper');
    const signed = inspections(await book()).find((entry) => entry.project === spring)!;
    expect(signed.revision).toMatchObject({
      revision: 2,
      reopened: false,
      report_sha256: again.report_sha256,
    });
    expect(signed.person_in_charge.name).toBe('Grace Hopper');
  });

  it('is read by a viewer and is 404 to another organisation, like an unknown vessel', async () => {
    const viewer = await teammate(t, owner, owner.organisationId, 'viewer');
    expect(inspections(await book(viewer.team))).toHaveLength(2);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    for (const url of [
      `/api/vessels/${vesselId}/record-book/`,
      `/api/vessels/${vesselId}/record-book/download/`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('the Record Book as PDF', () => {
  it('prints every entry with its areas not inspected, actions, person in charge and revision', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/vessels/${vesselId}/record-book/download/`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('MV Kittiwake-record-book.pdf');
    const text = (await pdfPages(response.rawPayload)).join('\n');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Biofouling Record Book');
    expect(flat).toContain('IMO 9074729');
    expect(flat).toContain('Entry 1: In-water inspection, 2026-04-20');
    expect(flat).toContain('Entry 2: In-water inspection, 2026-10-02');
    expect(flat).toContain('Sea chest: Not accessible (Behind the fender)');
    expect(flat).toContain('Antifouling system condition Major damage: Flat bottom');
    expect(flat).toContain('Overall condition IMO rating 3: Medium macrofouling');
    expect(flat).toMatch(/Actions taken or recommended .*clean/i);
    expect(flat).toContain('Ada Lovelace, Chief Officer');
    expect(flat).toContain('Hull plan: underwater hull form and niche areas');
    expect(flat).toMatch(/Niche areas: .*Rudder/);
    const entries = inspections(await book());
    for (const entry of entries) expect(text.replace(/\s+/g, '')).toContain(entry.revision.report_sha256);
    expect(flat).toContain('Revision 2');
  });
});

describe('the Record Book as JSON, cached', () => {
  const get = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/vessels/${vesselId}/record-book/`, headers });

  it('answers 304 to the version the client holds, and a new version once an inspection changes', async () => {
    const first = await get(owner.headers);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const again = await get({ ...owner.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${autumn}/reopen/`,
      headers: owner.headers,
      payload: { reason: 'The rudder was reachable after all.' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const changed = await get({ ...owner.headers, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const entry = inspections(RecordBook.parse(changed.json())).find((item) => item.project === autumn);
    expect(entry?.revision.reopened).toBe(true);

    const cleaning = await t.app.inject({
      method: 'POST',
      url: `/api/vessels/${vesselId}/cleanings/`,
      headers: owner.headers,
      payload: {
        before: spring,
        after: autumn,
        date: '2026-06-01',
        company: 'Clean Hulls Ltd',
        method: 'ROV',
        capture: true,
      },
    });
    expect(cleaning.statusCode, cleaning.body).toBe(201);
    const withCleaning = await get({ ...owner.headers, 'if-none-match': String(changed.headers.etag) });
    expect(withCleaning.statusCode).toBe(200);
    expect(RecordBook.parse(withCleaning.json()).entries.map((item) => item.entry_type)).toContain(
      'cleaning',
    );
  });
});

describe('the Record Book PDF of a long book', () => {
  it('prints the newest entries, numbered as in the whole book, and says how many older ones are left out', async () => {
    const whole = await book();
    expect(whole.entries.length).toBeGreaterThanOrEqual(2);
    const chunks: Buffer[] = [];
    const pdf = renderRecordBookPdf(whole, 1);
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => pdf.on('end', resolve));
    const flat = (await pdfPages(Buffer.concat(chunks))).join('\n').replace(/\s+/g, ' ');
    const leftOut = whole.entries.length - 1;
    expect(flat).toContain(`The ${leftOut} oldest`);
    expect(flat).toContain('The Record Book as JSON has them all.');
    expect(flat).toContain(`Entry ${whole.entries.length}:`);
    expect(flat).not.toContain('Entry 1:');
  });
});
