import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

const INVALID_IMO = 'Please enter a valid IMO number';
const IMO_TAKEN = 'You already have a vessel with this IMO number.';
const INVALID_COUNTRY = 'Select a valid country.';
const NOT_FOUND = { detail: 'Not found.' };

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

const create = (user: SignedInUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/vessels/', headers: user.headers, payload });
const update = (user: SignedInUser, id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/vessels/${id}/update/`, headers: user.headers, payload });
const get = (user: SignedInUser, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/vessels/${id}/`, headers: user.headers });
const list = (user: SignedInUser) =>
  t.app.inject({ method: 'GET', url: '/api/vessels/', headers: user.headers });

/** Creates a vessel and returns its id; a name of its own unless given. */
async function createVessel(user: SignedInUser, payload: object = {}): Promise<number> {
  const response = await create(user, { name: `Vessel ${Math.random()}`, ...payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/);

describe('creating a vessel', () => {
  it('answers 201 with every field; the IMO number is kept as its 7 digits, the flag upper-cased', async () => {
    const response = await create(owner, {
      name: '  MV Nordstern ',
      imo_number: 'IMO 9074729',
      flag: 'no',
      vessel_type: 'Bulk carrier',
      gross_tonnage: 38_500,
      antifouling_system: 'Silicone fouling-release coating, applied 2023-05',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'MV Nordstern',
      imo_number: '9074729',
      flag: 'NO',
      vessel_type: 'Bulk carrier',
      gross_tonnage: 38_500,
      antifouling_system: 'Silicone fouling-release coating, applied 2023-05',
      // The particulars (issue 40 §1): not given, so null.
      length_overall_m: null,
      beam_m: null,
      design_draught_m: null,
      propellers: null,
      bow_thrusters: null,
      stern_thrusters: null,
      sea_chests: null,
      sea_chest_side: null,
      bilge_keels: null,
      stabilisers: null,
      inspection_interval_days: null,
      idle_days: null,
      outside_operating_profile: null,
      created_at: timestamp,
      updated_at: timestamp,
      inspections: [],
    });
    expect((await get(owner, response.json().id)).json()).toEqual(response.json());
  });

  it('needs only a name; the rest is null, and blank optional fields are stored as null', async () => {
    const bare = await create(owner, { name: 'Tug 1' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({
      name: 'Tug 1',
      imo_number: null,
      flag: null,
      vessel_type: null,
      gross_tonnage: null,
      antifouling_system: null,
    });
    const blank = await create(owner, {
      name: 'Tug 2',
      imo_number: ' ',
      flag: '',
      vessel_type: '',
      gross_tonnage: null,
      antifouling_system: '  ',
    });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json()).toMatchObject({
      imo_number: null,
      flag: null,
      vessel_type: null,
      gross_tonnage: null,
      antifouling_system: null,
    });
  });

  it("answers 'Please enter a name' for a missing or blank name", async () => {
    for (const payload of [{}, { name: '   ' }, { name: null }, { imo_number: '9074729' }]) {
      const response = await create(owner, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ name: ['Please enter a name'] });
    }
  });
});

describe('IMO numbers', () => {
  it('accepts 7 digits whose check digit is right, with or without the "IMO" prefix', async () => {
    // 9074729: 9·7 + 0·6 + 7·5 + 4·4 + 7·3 + 2·2 = 139; 9176187: 147.
    for (const [written, digits] of [
      ['9176187', '9176187'],
      ['IMO9176187', '9176187'],
      ['imo 9074729', '9074729'],
      [' IMO 9074729 ', '9074729'],
    ] as const) {
      const response = await create(stranger, { name: written, imo_number: written });
      expect(response.statusCode, `${written}: ${response.body}`).toBe(201);
      expect(response.json().imo_number).toBe(digits);
      const { id } = response.json();
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/vessels/${id}/delete/`,
            headers: stranger.headers,
          })
        ).statusCode,
      ).toBe(200);
    }
  });

  it('names the expected check digit for seven digits that fail the check (issue 45 §11)', async () => {
    for (const [imoNumber, message] of [
      ['9074728', 'IMO 9074728: the check digit should be 9 — please check the number'],
      ['IMO 9074720', 'IMO 9074720: the check digit should be 9 — please check the number'],
      ['imo9176180', 'IMO 9176180: the check digit should be 7 — please check the number'],
    ]) {
      const response = await create(owner, { name: 'Bad IMO', imo_number: imoNumber });
      expect(response.statusCode, imoNumber).toBe(400);
      expect(response.json(), imoNumber).toEqual({ imo_number: [message] });
    }
  });

  it("answers 400 'Please enter a valid IMO number' on imo_number for a wrong length, letters or form", async () => {
    for (const imoNumber of [
      '907472', // six digits
      '90747290', // eight digits
      'IMO 90747299',
      '90747A9', // letters
      'IMO 907472X',
      'IMX 9074729',
      'ABCDEFG',
      '9074729 IMO',
      '9 074 729',
      '-9074729',
      9074729, // a number, not text
      true,
    ]) {
      const response = await create(owner, { name: 'Bad IMO', imo_number: imoNumber });
      expect(response.statusCode, String(imoNumber)).toBe(400);
      expect(response.json(), String(imoNumber)).toEqual({ imo_number: [INVALID_IMO] });
    }
    // Text like any other field first: bounded, and without control characters.
    expect((await create(owner, { name: 'Long', imo_number: 'IMO '.repeat(50) + '9074729' })).json()).toEqual(
      {
        imo_number: ['Ensure this field has no more than 64 characters.'],
      },
    );
    expect((await create(owner, { name: 'Nul', imo_number: 'IMO\u0000 9074729' })).json()).toEqual({
      imo_number: ['This field may not contain control characters.'],
    });
  });

  it('is on at most one of the owner’s vessels; another user may have the same ship', async () => {
    const first = await createVessel(owner, { imo_number: '9176187' });
    const again = await create(owner, { name: 'Same ship', imo_number: 'IMO 9176187' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ imo_number: [IMO_TAKEN] });

    const other = await createVessel(owner, { imo_number: null });
    const renamedTo = await update(owner, other, { imo_number: '9176187' });
    expect(renamedTo.json()).toEqual({ imo_number: [IMO_TAKEN] });
    // Saving a vessel with its own number is no conflict.
    expect((await update(owner, first, { imo_number: '9176187', name: 'Kept' })).statusCode).toBe(200);

    expect((await create(stranger, { name: 'Their record', imo_number: '9176187' })).statusCode).toBe(201);
  });

  it('lets exactly one of two creates sent together take a number (the unique index decides)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => create(owner, { name: 'Twin', imo_number: '9321483' })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ imo_number: [IMO_TAKEN] });
    }
  });
});

describe('flag', () => {
  it('is a country code of GET /api/countries/', async () => {
    const countries: { code: string }[] = (
      await t.app.inject({ method: 'GET', url: '/api/countries/', headers: owner.headers })
    ).json();
    for (const code of ['PA', 'LR', 'MH', 'MT', 'DE']) {
      expect(countries.map((country) => country.code)).toContain(code);
      const response = await create(owner, { name: `Flag ${code}`, flag: code.toLowerCase() });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().flag).toBe(code);
    }
  });

  it("answers 400 'Select a valid country.' on flag for anything else", async () => {
    for (const flag of ['XX', 'ZZ', 'DEU', 'D', 'Germany', '12', 49]) {
      const response = await create(owner, { name: 'Flagless', flag });
      expect(response.statusCode, String(flag)).toBe(400);
      expect(response.json(), String(flag)).toEqual({ flag: [INVALID_COUNTRY] });
    }
  });
});

describe('limits', () => {
  it('gross tonnage is a whole number from 1 to 1 000 000', async () => {
    for (const [grossTonnage, message] of [
      [0, 'Ensure this value is greater than or equal to 1.'],
      [-5, 'Ensure this value is greater than or equal to 1.'],
      [1_000_001, 'Ensure this value is less than or equal to 1000000.'],
      [2 ** 40, 'Ensure this value is less than or equal to 1000000.'],
      [1.5, 'Please enter a whole number'],
      ['12.5', 'Please enter a whole number'],
      ['24,50', 'Please enter a whole number'],
      ['24 500 GT', 'Please enter a whole number'],
      ['24.500', 'Please enter a whole number: a point may mark decimals, so write 24500 or 24,500'],
      ['1,000,001', 'Ensure this value is less than or equal to 1000000.'],
      [true, 'Please enter a whole number'],
    ] as const) {
      const response = await create(owner, { name: 'GT', gross_tonnage: grossTonnage });
      expect(response.statusCode, String(grossTonnage)).toBe(400);
      expect(response.json(), String(grossTonnage)).toEqual({ gross_tonnage: [message] });
    }
    for (const grossTonnage of [1, 1_000_000]) {
      expect((await create(owner, { name: 'GT', gross_tonnage: grossTonnage })).statusCode).toBe(201);
    }
  });

  it('gross tonnage may come as text with digit groups, as typed (issue 45 §11)', async () => {
    for (const typed of ['24500', '24,500', '24 500', '24\u202F500', "24'500"]) {
      const response = await create(owner, { name: 'GT text', gross_tonnage: typed });
      expect(response.statusCode, typed).toBe(201);
      expect(response.json<{ gross_tonnage: number }>().gross_tonnage, typed).toBe(24_500);
    }
  });

  it('bounds every text field and refuses control characters in them', async () => {
    const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
    const response = await create(owner, {
      name: 'N'.repeat(256),
      vessel_type: 'T'.repeat(101),
      antifouling_system: 'A'.repeat(256),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: [tooLong(255)],
      vessel_type: [tooLong(100)],
      antifouling_system: [tooLong(255)],
    });
    const atTheLimit = await create(owner, {
      name: 'N'.repeat(255),
      vessel_type: 'T'.repeat(100),
      antifouling_system: 'A'.repeat(255),
    });
    expect(atTheLimit.statusCode).toBe(201);

    const controls = await create(owner, {
      name: 'MV\0 Nul',
      vessel_type: 'Tanker\u202E',
      antifouling_system: 'Coat\u0007ing',
    });
    expect(controls.json()).toEqual({
      name: ['This field may not contain control characters.'],
      vessel_type: ['This field may not contain text-direction control characters.'],
      antifouling_system: ['This field may not contain control characters.'],
    });
  });
});

describe('reading, updating and deleting', () => {
  it('lists only the caller’s vessels, by name whatever its case', async () => {
    const fresh = await signUp(t.app, t.config.mail.outboxDir);
    for (const name of ['bravo', 'Alpha', 'charlie']) await createVessel(fresh, { name });
    expect((await list(fresh)).json().map((vessel: { name: string }) => vessel.name)).toEqual([
      'Alpha',
      'bravo',
      'charlie',
    ]);
    const ownNames = (await list(owner)).json().map((vessel: { name: string }) => vessel.name);
    expect(ownNames).not.toContain('Alpha');
  });

  it('updates the fields sent, keeps the others, and clears an optional field with null or blank', async () => {
    const vessel = await createVessel(owner, {
      name: 'Old name',
      flag: 'PA',
      vessel_type: 'Tanker',
      gross_tonnage: 60_000,
      antifouling_system: 'SPC',
    });
    const before = (await get(owner, vessel)).json();

    const renamed = await update(owner, vessel, { name: 'New name', flag: 'lr' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      ...before,
      name: 'New name',
      flag: 'LR',
      updated_at: timestamp,
    });

    const cleared = await update(owner, vessel, {
      flag: null,
      vessel_type: '',
      gross_tonnage: null,
      antifouling_system: null,
      imo_number: '',
    });
    expect(cleared.json()).toMatchObject({
      name: 'New name',
      imo_number: null,
      flag: null,
      vessel_type: null,
      gross_tonnage: null,
      antifouling_system: null,
    });

    const invalid = await update(owner, vessel, {
      name: '',
      imo_number: '1234568',
      flag: 'QQ',
      gross_tonnage: 0,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      name: ['Please enter a name'],
      imo_number: ['IMO 1234568: the check digit should be 7 — please check the number'],
      gross_tonnage: ['Ensure this value is greater than or equal to 1.'],
    });
    // The flag is checked against the country list once the request's shape is right.
    expect((await update(owner, vessel, { flag: 'QQ' })).json()).toEqual({ flag: [INVALID_COUNTRY] });
    expect((await get(owner, vessel)).json().name).toBe('New name');
  });

  it('answers 404 for another user’s vessel on every route, and changes nothing', async () => {
    const vessel = await createVessel(owner, { name: 'Private', imo_number: null });
    const url = `/api/vessels/${vessel}/`;
    for (const [method, path] of [
      ['GET', url],
      ['PATCH', `${url}update/`],
      ['DELETE', `${url}delete/`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: path,
        headers: stranger.headers,
        payload: { name: 'Taken over' },
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await list(stranger)).json().map((v: { id: number }) => v.id)).not.toContain(vessel);
    expect((await get(owner, vessel)).json().name).toBe('Private');
  });

  it('deletes a vessel (200 with a message); it is then not found', async () => {
    const vessel = await createVessel(owner);
    const url = `/api/vessels/${vessel}/delete/`;
    const deleted = await t.app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Vessel successfully deleted' });
    expect((await get(owner, vessel)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).json()).toEqual(NOT_FOUND);
    expect((await update(owner, vessel, { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('answers 404 for a malformed, zero, unknown or out-of-range id', async () => {
    for (const id of ['abc', '0', '-1', '99999', '2147483648', '1.5']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/vessels/${id}/`,
        headers: owner.headers,
      });
      expect(response.statusCode, id).toBe(404);
    }
  });

  it('needs authentication on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/vessels/'],
      ['POST', '/api/vessels/'],
      ['GET', '/api/vessels/1/'],
      ['PATCH', '/api/vessels/1/update/'],
      ['DELETE', '/api/vessels/1/delete/'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('account deletion', () => {
  it('deletes the user’s vessels with the account', async () => {
    const leaving = await signUp(t.app, t.config.mail.outboxDir);
    await createVessel(leaving, { imo_number: '9074729' });
    await createVessel(leaving);
    const { db } = t.app.database;
    const count = async () =>
      (await db.selectFrom('vessels').where('owner', '=', leaving.organisationId).select('id').execute())
        .length;
    expect(await count()).toBe(2);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete/',
      headers: leaving.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await count()).toBe(0);
  });
});
