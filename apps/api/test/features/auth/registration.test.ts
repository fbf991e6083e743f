import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, newRegistration, register, signUp } from '../../support/accounts.js';
import { linkParameters, readOutbox, waitForMail } from '../../support/outbox.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let outbox: string;
beforeAll(async () => {
  t = await createTestApp();
  outbox = t.config.mail.outboxDir;
});
afterAll(() => t.close());

describe('POST /api/user/register/ validation', () => {
  it('answers "Required" for every missing field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/register/', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: ['Required'],
      email: ['Required'],
      first_name: ['Required'],
      last_name: ['Required'],
      password: ['Required'],
      password2: ['Required'],
    });
  });

  it('treats blank fields as missing', async () => {
    const response = await register(t.app, newRegistration({ first_name: '   ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ first_name: ['Required'] });
  });

  it('refuses an invalid e-mail address', async () => {
    const response = await register(t.app, newRegistration({ email: 'not-an-address' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Please enter a valid email'] });
  });

  it('reports a password repeat that differs on password2', async () => {
    const response = await register(t.app, newRegistration({ password2: 'Something-Else-99' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password2: ['Password repeat must equal the new password'] });
  });

  it.each([['gmail.com'], ['GMX.de'], ['outlook.com'], ['mail.yahoo.com']])(
    'refuses a free-mail address at %s and says a company address is needed',
    async (domain) => {
      const response = await register(t.app, newRegistration({ email: `someone@${domain}` }));
      expect(response.statusCode).toBe(400);
      expect(response.json().email).toEqual([
        'Please register with your company e-mail address. Addresses at free e-mail providers are not accepted.',
      ]);
    },
  );

  it.each([
    ['short', 'Ab1-x', 'This password is too short. It must contain at least 8 characters.'],
    ['entirely numeric', '4815162342', 'This password is entirely numeric.'],
    ['common', 'password123', 'This password is too common.'],
    ['similar to the username', 'captain_nemo1', 'The password is too similar to the username.'],
  ])('refuses a %s password', async (_case, password, message) => {
    const response = await register(
      t.app,
      newRegistration({ username: 'captain_nemo', password, password2: password }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().password).toContain(message);
  });

  it('refuses a username or e-mail that is taken, regardless of case', async () => {
    const first = newRegistration();
    expect((await register(t.app, first)).statusCode).toBe(201);
    const again = await register(
      t.app,
      newRegistration({ username: first.username.toUpperCase(), email: first.email.toUpperCase() }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
    });
  });
});

describe('registration, confirmation and first login', () => {
  it('e-mails a confirmation link, refuses login until confirmed, then grants 50 credits once', async () => {
    const registration = newRegistration();
    const registered = await register(t.app, registration);
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toEqual({ message: expect.any(String) });

    const mail = await waitForMail(outbox, registration.email, /Confirm your Hullscope account/);
    expect(mail.email.html).toContain('/user/confirm-registration?uid=');
    const { uid, token, url } = linkParameters(mail, '/user/confirm-registration');
    expect(url.origin).toBe('http://hullscope.test');

    const early = await login(t.app, registration.username, registration.password);
    expect(early.statusCode).toBe(403);
    expect(early.json().detail).toMatch(/confirm your e-mail/i);

    const confirm = () =>
      t.app.inject({ method: 'POST', url: '/api/user/confirm-registration/', payload: { uid, token } });
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);

    const reused = await confirm();
    expect(reused.statusCode).toBe(400);
    expect(reused.json().token[0]).toMatch(/invalid, has expired or has already been used/);

    const loggedIn = await login(t.app, registration.username, registration.password);
    expect(loggedIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${loggedIn.json().access}` };
    const credits = await t.app.inject({ method: 'GET', url: '/api/credits/', headers });
    expect(credits.json()).toEqual({ credits: 50 });
    const transactions = await t.app.inject({ method: 'GET', url: '/api/transactions/', headers });
    expect(transactions.json()).toEqual([
      expect.objectContaining({ amount: 50, kind: 'signup_bonus', status: 'SETTLED' }),
    ]);
  });

  it('refuses an expired confirmation link', async () => {
    const registration = newRegistration();
    await register(t.app, registration);
    const { uid, token } = linkParameters(
      await waitForMail(outbox, registration.email, /Confirm/),
      '/user/confirm-registration',
    );
    await t.app.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', Number(uid))
      .execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm-registration/',
      payload: { uid, token },
    });
    expect(response.statusCode).toBe(400);
    expect((await login(t.app, registration.username, registration.password)).statusCode).toBe(403);
  });

  it("refuses a token used with another user's uid", async () => {
    const victim = newRegistration();
    await register(t.app, victim);
    const { token } = linkParameters(
      await waitForMail(outbox, victim.email, /Confirm/),
      '/user/confirm-registration',
    );
    const other = await signUp(t.app, outbox);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm-registration/',
      payload: { uid: String(other.userId), token },
    });
    expect(response.statusCode).toBe(400);
  });

  it('writes both a plain-text and an HTML body', async () => {
    const mails = await readOutbox(outbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.email.text).toBeTruthy();
      expect(mail.email.html).toContain('<a href=');
    }
  });
});

describe('registration rate per client address', () => {
  it('answers 429 past the hourly limit of one address, whatever the fields; other addresses go on', async () => {
    const limited = await createTestApp({ ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR: '2' });
    try {
      const from = (remoteAddress: string, fields = newRegistration()) =>
        limited.app.inject({ method: 'POST', url: '/api/user/register/', payload: fields, remoteAddress });
      const first = newRegistration();
      expect((await from('10.4.0.1', first)).statusCode).toBe(201);
      // A probe for a taken name counts too: that is what the limit is for.
      const probe = await from('10.4.0.1', newRegistration({ username: first.username }));
      expect(probe.json()).toEqual({ username: ['A user with that username already exists.'] });
      const refused = await from('10.4.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/Too many requests of this kind from your network/);
      expect((await from('10.4.0.2')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
