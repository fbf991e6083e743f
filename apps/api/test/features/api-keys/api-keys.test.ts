import {
  API_KEY_PREFIX,
  API_KEYS_PER_ORGANISATION,
  type ApiKey,
  type AuditEvent,
  ORGANISATION_HEADER,
} from '@hullscope/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createApiKey, keyHeaders } from '../../support/api-keys.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { createProject } from '../../support/projects.js';
import { actingIn, invitationToken, invite, teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 41 §1: making, listing and revoking keys, what a key acts as, and when it stops working.
let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_REQUESTS_PER_MINUTE: '5' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
}, 60_000);
afterAll(() => t.close());

const listKeys = (user: SignedInUser) =>
  t.app.inject({
    method: 'GET',
    url: '/api/organisation/api-keys/',
    headers: actingIn(user, user.organisationId),
  });
const revokeKey = (user: SignedInUser, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/organisation/api-keys/${id}/revoke/`,
    headers: actingIn(user, user.organisationId),
  });
const auditOf = async (user: SignedInUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/organisation/audit/',
      headers: actingIn(user, user.organisationId),
    })
  ).json<AuditEvent[]>();

describe('creating and listing', () => {
  it('shows the secret once: prefixed, 256 random bits, stored only as a hash, never in the list', async () => {
    const key = await createApiKey(t, owner, { name: 'Fleet system', scopes: ['read', 'write'] });
    expect(key.secret).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ name: 'Fleet system', scopes: ['read', 'write'], status: 'ACTIVE' });
    expect(key.created_by).toEqual({ id: owner.userId, name: owner.registration.username });

    const listed = await listKeys(owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.secret.slice(key.prefix.length));
    expect(listed.json<ApiKey[]>().find((row) => row.id === key.id)).not.toHaveProperty('secret');
    const stored = await t.app.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.secret.slice(key.prefix.length));
  });

  it('answers a bad request with a 400 naming the field', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/organisation/api-keys/',
      headers: owner.headers,
      payload: { name: '', scopes: ['read', 'delete'], expires_at: '2001-01-01' },
    });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json()).sort()).toEqual(['expires_at', 'name', 'scopes']);
    expect(answer.json().expires_at).toEqual(['The expiry must be in the future.']);
  });

  it('lets only admins and owners manage keys', async () => {
    const member = await teammate(t, owner, owner.organisationId, 'member');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/api-keys/',
      headers: member.team,
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('a key at work', () => {
  it('acts in its organisation as its creator, records its last use, and the audit entry names it', async () => {
    const key = await createApiKey(t, owner, { name: 'Uploader', scopes: ['read', 'write'] });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: keyHeaders(key),
      payload: { name: 'From the fleet system', location: 'Rotterdam' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${created.json().id}/`,
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);

    const listed = (await listKeys(owner)).json<ApiKey[]>().find((row) => row.id === key.id)!;
    expect(listed.last_used_at).not.toBeNull();
    expect(listed.last_used_address).toBe('127.0.0.1');
    // Written at most once a minute, not per request.
    await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) });
    const again = (await listKeys(owner)).json<ApiKey[]>().find((row) => row.id === key.id)!;
    expect(again.last_used_at).toBe(listed.last_used_at);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${created.json().id}/delete/`,
      headers: keyHeaders(key),
    });
    const deletion = (await auditOf(owner)).find((event) => event.action === 'project.delete')!;
    expect(deletion.actor_id).toBe(owner.userId);
    expect(deletion.detail).toMatchObject({ api_key: { id: key.id, name: 'Uploader' } });
  });

  it("cannot reach another organisation's resources, nor act there through the organisation header", async () => {
    const theirProject = await createProject(t.app, stranger.headers);
    const key = await createApiKey(t, owner, { name: 'Reader', scopes: ['read'] });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${theirProject}/`,
      headers: keyHeaders(key),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/projects/987654/',
      headers: keyHeaders(key),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());

    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/projects/',
      headers: { ...keyHeaders(key), [ORGANISATION_HEADER]: String(stranger.organisationId) },
    });
    expect(elsewhere.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/projects/',
      headers: { ...keyHeaders(key), [ORGANISATION_HEADER]: String(owner.organisationId) },
    });
    expect(own.statusCode).toBe(200);
  });

  it('is refused key management and the account, whatever its scopes', async () => {
    const key = await createApiKey(t, owner, { name: 'Everything', scopes: ['read', 'write', 'admin'] });
    for (const [method, url] of [
      ['GET', '/api/organisation/api-keys/'],
      ['POST', `/api/organisation/api-keys/${key.id}/revoke/`],
      ['GET', '/api/user/'],
    ] as const) {
      const answer = await t.app.inject({ method, url, headers: keyHeaders(key) });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().detail).toBe('API keys cannot call this route: it needs a signed-in person.');
    }
  });

  it('names the scope it lacks', async () => {
    const key = await createApiKey(t, owner, { name: 'Read only', scopes: ['read'] });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: keyHeaders(key),
      payload: { name: 'P', location: 'L' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().detail).toBe("This API key lacks the 'write' scope.");
  });
});

describe('a key that stops working', () => {
  it('is refused (401) at once when revoked, and the revocation is in the audit log', async () => {
    const key = await createApiKey(t, owner, { name: 'Leaked', scopes: ['read'] });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) })).statusCode,
    ).toBe(200);
    const revoked = await revokeKey(owner, key.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: key.id, status: 'REVOKED' });
    const refused = await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('This API key has been revoked.');

    const events = await auditOf(owner);
    expect(events.find((event) => event.action === 'api_key.revoke')).toMatchObject({
      actor_id: owner.userId,
      target_type: 'api_key',
      target_id: String(key.id),
      target: 'Leaked',
    });
    expect(
      events.find((event) => event.action === 'api_key.create' && event.target === 'Leaked'),
    ).toMatchObject({
      detail: { scopes: ['read'], prefix: key.prefix },
    });
  });

  it('is refused (401) once expired', async () => {
    const nextYear = `${new Date().getUTCFullYear() + 1}-03-01`;
    const key = await createApiKey(t, owner, {
      name: 'Temporary',
      scopes: ['read'],
      expires_at: nextYear,
    });
    expect(key.expires_at).toBe(`${nextYear}T00:00:00.000Z`);
    await t.app.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', key.id)
      .execute();
    const refused = await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe('This API key has expired.');
    expect((await listKeys(owner)).json<ApiKey[]>().find((row) => row.id === key.id)?.status).toBe('EXPIRED');
  });

  it("another organisation's admin cannot revoke it (404, as an unknown id)", async () => {
    const key = await createApiKey(t, owner, { name: 'Mine', scopes: ['read'] });
    const theirs = await revokeKey(stranger, key.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await revokeKey(stranger, 987_654)).json());
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) })).statusCode,
    ).toBe(200);
  });

  it("does no more than its creator's role allows now, and nothing once the creator has left", async () => {
    const admin = await teammate(t, owner, owner.organisationId, 'admin');
    const key = await createApiKey(
      t,
      admin,
      { name: 'Admin tool', scopes: ['read', 'write'] },
      owner.organisationId,
    );
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/organisation/members/${admin.userId}/update/`,
      headers: actingIn(owner, owner.organisationId),
      payload: { role: 'viewer' },
    });
    expect(demote.statusCode, demote.body).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: keyHeaders(key),
      payload: { name: 'P', location: 'L' },
    });
    expect(write.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) })).statusCode,
    ).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/organisation/members/${admin.userId}/delete/`,
      headers: actingIn(owner, owner.organisationId),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) })).statusCode,
    ).toBe(401);

    // Invited back, the creator's old key stays dead: the new membership is not the one it was made in.
    expect((await invite(t, owner, owner.organisationId, admin.registration.email, 'admin')).statusCode).toBe(
      201,
    );
    const rejoined = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept/',
      headers: admin.headers,
      payload: { token: await invitationToken(t, admin.registration.email) },
    });
    expect(rejoined.statusCode, rejoined.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) })).statusCode,
    ).toBe(401);
  });
});

describe('the number of keys', () => {
  it(`keeps at most ${API_KEYS_PER_ORGANISATION} working keys; a revoked one makes room`, async () => {
    const busy = await signUp(t.app, t.config.mail.outboxDir);
    const made = [];
    for (let i = 0; i < API_KEYS_PER_ORGANISATION; i += 1) {
      made.push(await createApiKey(t, busy, { name: `Key ${i}`, scopes: ['read'] }));
    }
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/organisation/api-keys/',
        headers: busy.headers,
        payload: { name: 'One more', scopes: ['read'] },
      });
    const refused = await create();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/revoke one/);
    expect((await revokeKey(busy, made[0]!.id)).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
  });
});

describe('the rate limit', () => {
  it('answers 429 with Retry-After past API_KEY_REQUESTS_PER_MINUTE, per key', async () => {
    const busy = await createApiKey(t, stranger, { name: 'Busy', scopes: ['read'] });
    const calm = await createApiKey(t, stranger, { name: 'Calm', scopes: ['read'] });
    const get = (key: { secret: string }) =>
      t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) });
    for (let i = 0; i < 5; i += 1) expect((await get(busy)).statusCode).toBe(200);
    const limited = await get(busy);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json().detail).toMatch(/too many requests/);
    expect((await get(calm)).statusCode).toBe(200);
    // The person signed in is not limited by their keys.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/projects/', headers: stranger.headers })).statusCode,
    ).toBe(200);
  });

  it('counts a key against one limit in every API process of the installation', async () => {
    const key = await createApiKey(t, stranger, { name: 'Spread', scopes: ['read'] });
    // A second API process on the same database, as a scale-out deployment runs them.
    const second = await buildApp(t.config);
    try {
      const get = (app: FastifyInstance) =>
        app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) });
      const answers = [];
      for (const app of [t.app, second, t.app, second, t.app, second, t.app]) answers.push(await get(app));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await second.close();
    }
  });
});
