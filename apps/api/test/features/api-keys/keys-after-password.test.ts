import type { ApiKey, ApiKeyCreated, AuditEvent } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, login, signUp } from '../../support/accounts.js';
import { createApiKey, keyHeaders } from '../../support/api-keys.js';
import { linkParameters, waitForMail } from '../../support/outbox.js';
import { actingIn, teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 41 L2: a key acts as its creator, so a new password of the creator ends the keys they made.
let t: TestApp;
let owner: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  admin = await teammate(t, owner, owner.organisationId, 'admin');
}, 60_000);
afterAll(() => t.close());

const useKey = (key: ApiKeyCreated) =>
  t.app.inject({ method: 'GET', url: '/api/projects/', headers: keyHeaders(key) });
const listed = async (id: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/organisation/api-keys/',
      headers: actingIn(owner, owner.organisationId),
    })
  )
    .json<ApiKey[]>()
    .find((key) => key.id === id);
const revocations = async (key: ApiKeyCreated) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/organisation/audit/',
      headers: actingIn(owner, owner.organisationId),
    })
  )
    .json<AuditEvent[]>()
    .filter((event) => event.action === 'api_key.revoke' && event.target_id === String(key.id));

async function resetPasswordOf(user: SignedInUser, password: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/user/request-password-reset/',
    payload: { email: user.registration.email },
  });
  expect(asked.statusCode).toBe(200);
  const { uid, token } = linkParameters(
    await waitForMail(t.config.mail.outboxDir, user.registration.email, /Reset your Hullscope password/),
    '/user/reset-password',
  );
  const reset = await t.app.inject({
    method: 'PUT',
    url: '/api/user/reset-password/',
    payload: { user_id: uid, token, password, password2: password },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  // The reset ended the user's sessions too: the test goes on signed in with the new password.
  const signedIn = await login(t.app, user.registration.username, password);
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { ...user, headers: { authorization: `Bearer ${signedIn.json<{ access: string }>().access}` } };
}

describe('API keys after their creator changes the password', () => {
  it('a password reset revokes every key the user made, with an audit entry each, and leaves the keys of others working', async () => {
    const first = await createApiKey(t, owner, { name: 'Fleet system', scopes: ['read'] });
    const second = await createApiKey(t, owner, { name: 'Data lake', scopes: ['read', 'write'] });
    const others = await createApiKey(
      t,
      admin,
      { name: 'ROV contractor', scopes: ['read'] },
      owner.organisationId,
    );
    expect((await useKey(first)).statusCode).toBe(200);

    owner = await resetPasswordOf(owner, 'Reset-After-Leak-42');

    for (const key of [first, second]) {
      const refused = await useKey(key);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().detail).toBe('This API key has been revoked.');
      expect(await listed(key.id)).toMatchObject({ status: 'REVOKED' });
      const entries = await revocations(key);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor_id: owner.userId,
        actor: owner.registration.username,
        target_type: 'api_key',
        target: key.name,
        detail: { prefix: key.prefix, reason: 'password_reset' },
      });
    }
    expect((await useKey(others)).statusCode).toBe(200);
    expect(await listed(others.id)).toMatchObject({ status: 'ACTIVE' });
  });

  it('a password change revokes the keys the user made, and a key revoked before gets no second entry', async () => {
    const working = await createApiKey(
      t,
      admin,
      { name: 'Survey upload', scopes: ['write'] },
      owner.organisationId,
    );
    const revokedBefore = await createApiKey(
      t,
      admin,
      { name: 'Old laptop', scopes: ['read'] },
      owner.organisationId,
    );
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/api-keys/${revokedBefore.id}/revoke/`,
      headers: actingIn(admin, owner.organisationId),
    });
    expect(revoke.statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: admin.headers,
      payload: {
        old_password: admin.registration.password,
        password: 'Changed-On-Purpose-7',
        password2: 'Changed-On-Purpose-7',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await useKey(working)).statusCode).toBe(401);
    expect((await revocations(working))[0]).toMatchObject({
      actor_id: admin.userId,
      detail: { reason: 'password_change' },
    });
    expect(await revocations(revokedBefore)).toHaveLength(1);
  });

  it('a refused password change revokes nothing', async () => {
    const key = await createApiKey(t, owner, { name: 'Still needed', scopes: ['read'] });
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: owner.headers,
      payload: {
        old_password: 'Not-The-Password-1',
        password: 'Whatever-Strong-8',
        password2: 'Whatever-Strong-8',
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await useKey(key)).statusCode).toBe(200);
  });
});
