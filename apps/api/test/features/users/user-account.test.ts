import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAccount } from '../../../src/features/credits/ledger.js';
import { type SignedInUser, login, signUp } from '../../support/accounts.js';
import { readOutbox, waitForMail } from '../../support/outbox.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { createProject } from '../../support/projects.js';

let t: TestApp;
let outbox: string;
beforeAll(async () => {
  t = await createTestApp();
  outbox = t.config.mail.outboxDir;
});
afterAll(() => t.close());

const profile = (overrides: Record<string, string> = {}) => ({
  username: 'renamed_diver',
  email: 'ada.keel@fleet-operator.de',
  first_name: 'Adaline',
  last_name: 'Keel-Smith',
  ...overrides,
});

describe('PATCH /api/user/update/', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signUp(t.app, outbox);
  });
  const update = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/user/update/', headers: user.headers, payload });

  it('updates the profile and answers the user', async () => {
    // With the same address: a new one waits for confirmation (email-change.test.ts).
    const fields = profile({ email: user.registration.email });
    const response = await update(fields);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.userId, ...fields });
    const read = await t.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers });
    expect(read.json()).toEqual({ id: user.userId, ...fields });
  });

  it('says "This is not a valid email." for a bad address and "Required" for blanks', async () => {
    const response = await update(profile({ email: 'nope', first_name: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['This is not a valid email.'], first_name: ['Required'] });
  });

  it("refuses another user's username and a free-mail address", async () => {
    const other = await signUp(t.app, outbox);
    const response = await update(profile({ username: other.registration.username, email: 'ada@gmail.com' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().username).toEqual(['A user with that username already exists.']);
    expect(response.json().email[0]).toMatch(/company e-mail/);
  });
});

describe('PUT /api/user/change-password/', () => {
  it('checks the old password and the new rules', async () => {
    const user = await signUp(t.app, outbox);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: user.headers,
      payload: { old_password: 'Wrong-Old-1', password: 'Xq7-zk', password2: 'Xq7-zk' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      old_password: ['Your old password was entered incorrectly. Please enter it again.'],
      password: ['This password is too short. It must contain at least 8 characters.'],
    });
  });

  it('changes the password; earlier refresh tokens stop working, the new ones work', async () => {
    const user = await signUp(t.app, outbox);
    const secondDevice = await login(t.app, user.registration.username, user.registration.password);
    const newPassword = 'Hull-Inspection-2027';
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: user.headers,
      payload: { old_password: user.registration.password, password: newPassword, password2: newPassword },
    });
    expect(response.statusCode).toBe(200);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
    expect((await refresh(user.tokens.refresh)).statusCode).toBe(401);
    expect((await refresh(secondDevice.json().refresh)).statusCode).toBe(401);
    expect((await refresh(response.json().refresh)).statusCode).toBe(200);
    expect((await login(t.app, user.registration.username, newPassword)).statusCode).toBe(200);
  });

  it('tells the account by e-mail, with a way back if it was not the owner', async () => {
    const user = await signUp(t.app, outbox);
    const newPassword = 'Hull-Inspection-2028';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: user.headers,
      payload: { old_password: user.registration.password, password: newPassword, password2: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const mail = await waitForMail(outbox, user.registration.email, /password was changed/);
    expect(mail.email.subject).toBe('Your Hullscope password was changed');
    expect(mail.email.text).toContain(`Hello ${user.registration.first_name},`);
    expect(mail.email.text).toMatch(/was changed on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(mail.links).toEqual([`${t.config.appUrl}/user/request-password-reset`]);
    expect(mail.email.text).not.toContain(newPassword);
  });

  it('sends no such e-mail when the change is refused', async () => {
    const user = await signUp(t.app, outbox);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: user.headers,
      payload: {
        old_password: 'Wrong-Old-1',
        password: 'Hull-Inspection-2029',
        password2: 'Hull-Inspection-2029',
      },
    });
    const mails = (await readOutbox(outbox)).filter((mail) => mail.to.includes(user.registration.email));
    expect(mails.map((mail) => mail.email.subject)).toEqual(['Confirm your Hullscope account']);
  });
});

describe('DELETE /api/user/delete/', () => {
  const remove = (user: SignedInUser, payload?: object) =>
    t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: user.headers, payload });

  it('refuses a wrong current password and keeps the account', async () => {
    const user = await signUp(t.app, outbox);
    const response = await remove(user, { password: 'Not-My-Password-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      password: ['Your password was entered incorrectly. Please enter it again.'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers })).statusCode).toBe(
      200,
    );
  });

  it('deletes with the right current password', async () => {
    const user = await signUp(t.app, outbox);
    expect((await remove(user, { password: user.registration.password })).statusCode).toBe(200);
    expect((await login(t.app, user.registration.username, user.registration.password)).statusCode).toBe(401);
  });

  it('refuses a password of the wrong type as a field error', async () => {
    const user = await signUp(t.app, outbox);
    const response = await remove(user, { password: 12345678 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['password']);
  });

  it('removes the account, its company and projects; keeps purchases anonymised', async () => {
    const user = await signUp(t.app, outbox);
    const { db } = t.app.database;
    await createProject(t.app, user.headers, { name: 'Hull A', location: 'Hamburg' });
    await creditAccount(db, {
      organisationId: user.organisationId,
      amount: 100,
      kind: 'purchase',
      reason: 'test purchase',
    });

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/delete/',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);

    expect(await db.selectFrom('users').where('id', '=', user.userId).selectAll().execute()).toEqual([]);
    for (const table of ['companies', 'projects'] as const) {
      expect(
        await db.selectFrom(table).where('owner', '=', user.organisationId).selectAll().execute(),
      ).toEqual([]);
    }
    expect(
      await db.selectFrom('organisations').where('id', '=', user.organisationId).selectAll().execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('one_time_tokens').where('user_id', '=', user.userId).selectAll().execute(),
    ).toEqual([]);
    const purchases = await db
      .selectFrom('credit_ledger')
      .where('reason', '=', 'test purchase')
      .selectAll()
      .execute();
    expect(purchases).toEqual([
      expect.objectContaining({ organisation_id: null, user_id: null, amount: 100, kind: 'purchase' }),
    ]);

    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers })).statusCode).toBe(
      401,
    );
    expect((await login(t.app, user.registration.username, user.registration.password)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: user.tokens.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
  });
});
