import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

const update = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/company/update/', headers: user.headers, payload });

describe('company data', () => {
  it('exists, empty, from sign-up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/company/', headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      owner: user.organisationId,
      name: '',
      address: '',
      address_2: '',
      city: '',
      zip: '',
      state: '',
      country: '',
      tax_id: '',
    });
  });

  it('requires a country from the list', async () => {
    expect((await update({ name: 'Fleet GmbH' })).json()).toEqual({ country: ['Required'] });
    const unknown = await update({ country: 'XX' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ country: ['Select a valid country.'] });
  });

  it('updates the fields sent and keeps the others', async () => {
    const first = await update({ name: 'Fleet GmbH', city: 'Hamburg', country: 'de' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Fleet GmbH', city: 'Hamburg', country: 'DE' });
    const second = await update({ zip: '20457', country: 'DE' });
    expect(second.json()).toMatchObject({ name: 'Fleet GmbH', city: 'Hamburg', zip: '20457', country: 'DE' });
  });

  it('keeps each user to their own company', async () => {
    const other = await signUp(t.app, t.config.mail.outboxDir);
    const response = await t.app.inject({ method: 'GET', url: '/api/company/', headers: other.headers });
    expect(response.json()).toMatchObject({ owner: other.organisationId, name: '', country: '' });
  });
});

describe('GET /api/countries/', () => {
  it('lists ISO codes with English names, sorted by name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/countries/', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const countries: { code: string; name: string }[] = response.json();
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(countries).toContainEqual({ code: 'NO', name: 'Norway' });
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('needs authentication', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/countries/' })).statusCode).toBe(401);
  });
});
