import { INSPECTION_METHODS, VISIBILITIES, latestInspectionDate } from '@hullscope/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 18 §2: a project is one inspection, with optional details on create, update and every answer.

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

const FUTURE = 'The inspection date cannot be in the future.';
const BAD_DATE = 'Enter a valid date as YYYY-MM-DD.';

const create = (payload: object, user = owner) =>
  t.app.inject({ method: 'POST', url: '/api/projects/', headers: user.headers, payload });
const update = (id: number, payload: object, user = owner) =>
  t.app.inject({ method: 'PATCH', url: `/api/projects/${id}/update/`, headers: user.headers, payload });
const read = (id: number, user = owner) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${id}/`, headers: user.headers });

/** A day `days` from today (UTC), as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const details = {
  inspection_date: '2025-03-14',
  inspection_method: 'rov',
  inspector: 'Hull Divers Kiel GmbH',
  visibility: 'moderate',
};

describe('inspection details on projects', () => {
  it('creates a project with every detail, answers them everywhere, and stores them as sent', async () => {
    const created = await create({ name: 'MV Nordstern', location: 'Kiel', ...details });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'MV Nordstern',
      location: 'Kiel',
      description: null,
      owner: owner.organisationId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      vessel: null,
      ...details,
    });
    const id: number = created.json().id;
    expect((await read(id)).json()).toEqual(created.json());
    const list = await t.app.inject({ method: 'GET', url: '/api/projects/', headers: owner.headers });
    expect(list.json().find((project: { id: number }) => project.id === id)).toEqual(created.json());
  });

  it('leaves the details null when absent, and takes null for each', async () => {
    const absent = await create({ name: 'Plain', location: 'Kiel' });
    expect(absent.json()).toMatchObject({
      vessel: null,
      inspection_date: null,
      inspection_method: null,
      inspector: null,
      visibility: null,
    });
    const nulls = await create({
      name: 'Nulls',
      location: 'Kiel',
      inspection_date: null,
      inspection_method: null,
      inspector: null,
      visibility: null,
    });
    expect(nulls.statusCode, nulls.body).toBe(201);
    expect(nulls.json()).toMatchObject({ inspection_date: null, inspector: null });
  });

  it('accepts every inspection method and visibility, and nothing else', async () => {
    for (const method of INSPECTION_METHODS) {
      const response = await create({ name: method, location: 'L', inspection_method: method });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().inspection_method).toBe(method);
    }
    for (const visibility of VISIBILITIES) {
      const response = await create({ name: visibility, location: 'L', visibility });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().visibility).toBe(visibility);
    }
    const wrong = await create({
      name: 'Wrong',
      location: 'L',
      inspection_method: 'submarine',
      visibility: 'GOOD',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      inspection_method: ['"submarine" is not a valid choice.'],
      visibility: ['"GOOD" is not a valid choice.'],
    });
  });

  it('refuses a future inspection date with the message on the field; today and the past are fine', async () => {
    for (const date of [dayFromToday(2), '2999-01-01']) {
      const response = await create({ name: 'Future', location: 'L', inspection_date: date });
      expect(response.statusCode, date).toBe(400);
      expect(response.json()).toEqual({ inspection_date: [FUTURE] });
    }
    for (const date of [dayFromToday(0), dayFromToday(-1), '1999-12-31', latestInspectionDate()]) {
      const response = await create({ name: 'Past', location: 'L', inspection_date: date });
      expect(response.statusCode, `${date}: ${response.body}`).toBe(201);
      expect(response.json().inspection_date).toBe(date);
    }
  });

  it('takes today in the earliest time zone (UTC+14) as the latest date, nothing after it', () => {
    expect(latestInspectionDate(new Date('2025-06-30T09:59:59Z'))).toBe('2025-06-30');
    expect(latestInspectionDate(new Date('2025-06-30T10:00:00Z'))).toBe('2025-07-01');
    expect(latestInspectionDate(new Date('2025-12-31T23:00:00Z'))).toBe('2026-01-01');
  });

  it('refuses dates that are not YYYY-MM-DD days of the calendar', async () => {
    for (const date of [
      '14.03.2025',
      '2025-3-14',
      '2025-02-30',
      '2025-13-01',
      '2025-03-14T10:00:00Z',
      '',
      20250314,
    ]) {
      const response = await create({ name: 'Bad date', location: 'L', inspection_date: date });
      expect(response.statusCode, String(date)).toBe(400);
      expect(response.json(), String(date)).toEqual({ inspection_date: [BAD_DATE] });
    }
    const leap = await create({ name: 'Leap day', location: 'L', inspection_date: '2024-02-29' });
    expect(leap.statusCode, leap.body).toBe(201);
  });

  it('keeps the inspector to one line of at most 200 characters; blank is none', async () => {
    const long = await create({ name: 'Long', location: 'L', inspector: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ inspector: ['Ensure this field has no more than 200 characters.'] });
    const control = await create({ name: 'Ctl', location: 'L', inspector: 'Ada\u0000Keel' });
    expect(control.json()).toEqual({ inspector: ['This field may not contain control characters.'] });
    const direction = await create({ name: 'Dir', location: 'L', inspector: 'Ada \u202Eleek' });
    expect(direction.json()).toEqual({
      inspector: ['This field may not contain text-direction control characters.'],
    });
    const longest = await create({ name: 'Max', location: 'L', inspector: ` ${'y'.repeat(200)} ` });
    expect(longest.statusCode, longest.body).toBe(201);
    expect(longest.json().inspector).toBe('y'.repeat(200));
    const blank = await create({ name: 'Blank', location: 'L', inspector: '   ' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().inspector).toBeNull();
  });

  it('updates details one at a time: absent keeps, null clears, a bad one changes nothing', async () => {
    const id: number = (await create({ name: 'Survey', location: 'Kiel', ...details })).json().id;
    const method = await update(id, { inspection_method: 'diver' });
    expect(method.statusCode, method.body).toBe(200);
    expect(method.json()).toMatchObject({ ...details, inspection_method: 'diver', name: 'Survey' });

    const cleared = await update(id, { inspector: null, visibility: null });
    expect(cleared.json()).toMatchObject({
      inspection_date: details.inspection_date,
      inspection_method: 'diver',
      inspector: null,
      visibility: null,
    });

    const future = await update(id, { name: 'Renamed', inspection_date: dayFromToday(3) });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ inspection_date: [FUTURE] });
    expect((await read(id)).json()).toMatchObject({
      name: 'Survey',
      inspection_date: details.inspection_date,
    });

    // The spec's own update (what the web app sent before) leaves the details alone.
    const spec = await update(id, { id, name: 'Survey 2', location: 'Kiel', description: 'Bow' });
    expect(spec.json()).toMatchObject({ name: 'Survey 2', inspection_method: 'diver' });
  });

  it("answers 404 for another user's project, reading or updating its details", async () => {
    const id: number = (await create({ name: 'Mine', location: 'Kiel', ...details })).json().id;
    expect((await read(id, stranger)).statusCode).toBe(404);
    const theirs = await update(id, { inspection_method: 'drone' }, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: 'Not found.' });
    expect((await read(id)).json().inspection_method).toBe('rov');
  });
});

// Needs the vessels table of 0008-vessels (the vessels branch); rows are made with SQL so that these
// tests need nothing of that feature's code.
describe('the inspected vessel', () => {
  async function vesselOf(user: SignedInUser, name: string): Promise<number> {
    const now = new Date().toISOString();
    const row = await sql<{ id: number }>`insert into vessels (owner, name, created_at, updated_at)
      values (${user.organisationId}, ${name}, ${now}, ${now}) returning id`.execute(t.app.database.db);
    return row.rows[0]!.id;
  }
  const NOT_YOURS = { vessel: ['Select one of your vessels.'] };

  it("links a project to one of the caller's vessels, changes and clears it", async () => {
    const first = await vesselOf(owner, 'MV Nordstern');
    const second = await vesselOf(owner, 'MV Südstern');
    const created = await create({ name: 'Linked', location: 'Kiel', vessel: first });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().vessel).toBe(first);
    const id: number = created.json().id;
    expect((await read(id)).json().vessel).toBe(first);
    expect((await update(id, { vessel: second })).json().vessel).toBe(second);
    expect((await update(id, { name: 'Renamed' })).json().vessel).toBe(second);
    expect((await update(id, { vessel: null })).json().vessel).toBeNull();
  });

  it("refuses another user's vessel and an unknown one with a 400 on vessel, changing nothing", async () => {
    const mine = await vesselOf(owner, 'Mine');
    const theirs = await vesselOf(stranger, 'Theirs');
    for (const vessel of [theirs, 987_654]) {
      const response = await create({ name: 'Theirs', location: 'Kiel', vessel });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NOT_YOURS);
    }
    const id: number = (await create({ name: 'Mine', location: 'Kiel', vessel: mine })).json().id;
    const refused = await update(id, { vessel: theirs });
    expect(refused.json()).toEqual(NOT_YOURS);
    expect((await read(id)).json().vessel).toBe(mine);
    const malformed = await create({ name: 'Bad', location: 'Kiel', vessel: 'one' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['vessel']);
  });

  it("answers 404 for another user's project even with the stranger's own vessel", async () => {
    const id: number = (await create({ name: 'Not theirs', location: 'Kiel' })).json().id;
    const theirs = await vesselOf(stranger, 'Stranger vessel');
    expect((await update(id, { vessel: theirs }, stranger)).statusCode).toBe(404);
    expect((await read(id)).json().vessel).toBeNull();
  });

  it('keeps the inspections of a deleted vessel, whose vessel becomes null', async () => {
    const vessel = await vesselOf(owner, 'To be scrapped');
    const id: number = (await create({ name: 'Survey', location: 'Kiel', vessel, ...details })).json().id;
    await sql`delete from vessels where id = ${vessel}`.execute(t.app.database.db);
    const after = await read(id);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ name: 'Survey', vessel: null, ...details });
  });
});
