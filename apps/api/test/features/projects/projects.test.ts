import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

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
  t.app.inject({ method: 'POST', url: '/api/projects/', headers: user.headers, payload });

describe('projects', () => {
  it('creates a project (201) with the spec fields; description optional and nullable', async () => {
    const response = await create(owner, { name: 'MV Nordstern', location: 'Kiel' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'MV Nordstern',
      location: 'Kiel',
      description: null,
      owner: owner.organisationId,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // Issue 18's inspection details, additive: null until recorded.
      vessel: null,
      inspection_date: null,
      inspection_method: null,
      inspector: null,
      visibility: null,
    });
  });

  it('answers the spec messages for a missing name and location', async () => {
    const response = await create(owner, { description: 'no name' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['Please enter a name'],
      location: ['Please enter a location'],
    });
    expect((await create(owner, { name: ' ', location: 'x' })).json()).toEqual({
      name: ['Please enter a name'],
    });
  });

  it('lists, reads, updates and deletes only the owner’s projects', async () => {
    const created = (
      await create(owner, { name: 'Tanker 7', location: 'Rotterdam', description: 'Bow' })
    ).json();
    const url = `/api/projects/${created.id}/`;

    const list = await t.app.inject({ method: 'GET', url: '/api/projects/', headers: owner.headers });
    expect(list.json().map((project: { id: number }) => project.id)).toContain(created.id);
    const strangerList = await t.app.inject({
      method: 'GET',
      url: '/api/projects/',
      headers: stranger.headers,
    });
    expect(strangerList.json()).toEqual([]);

    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(created);

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `${url}update/`,
      headers: owner.headers,
      payload: { id: 999, name: 'Tanker Seven', description: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.id,
      name: 'Tanker Seven',
      location: 'Rotterdam',
      description: null,
    });

    const blank = await t.app.inject({
      method: 'PATCH',
      url: `${url}update/`,
      headers: owner.headers,
      payload: { location: '' },
    });
    expect(blank.json()).toEqual({ location: ['Please enter a location'] });

    const count = await t.app.inject({ method: 'GET', url: `${url}predict-count/`, headers: owner.headers });
    expect(count.json()).toEqual({ prediction_count: 0 });

    for (const [method, path] of [
      ['GET', url],
      ['PATCH', `${url}update/`],
      ['GET', `${url}predict-count/`],
      ['DELETE', `${url}delete/`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url: path,
        headers: stranger.headers,
        payload: { name: 'x' },
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }

    const deleted = await t.app.inject({ method: 'DELETE', url: `${url}delete/`, headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).statusCode).toBe(404);
  });

  it('answers 404 for a malformed or unknown id', async () => {
    for (const url of ['/api/projects/abc/', '/api/projects/0/', '/api/projects/99999/']) {
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).statusCode).toBe(404);
    }
  });

  it('needs authentication on every route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/projects/', payload: {} })).statusCode).toBe(401);
  });
});
