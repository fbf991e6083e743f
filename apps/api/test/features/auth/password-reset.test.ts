import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, login, signUp } from '../../support/accounts.js';
import { linkParameters, readOutbox, waitForMail } from '../../support/outbox.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let outbox: string;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  outbox = t.config.mail.outboxDir;
  user = await signUp(t.app, outbox);
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/request-password-reset/', payload: { email } });
const resetPassword = (payload: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/reset-password/', payload });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

describe('password reset', () => {
  it('answers 200 for an unknown address and sends nothing', async () => {
    const before = (await readOutbox(outbox)).length;
    const response = await requestReset('nobody@shipping-company.com');
    expect(response.statusCode).toBe(200);
    const known = await requestReset(user.registration.email);
    expect(known.json()).toEqual(response.json());
    await waitForMail(outbox, user.registration.email, /Reset your Hullscope password/);
    expect((await readOutbox(outbox)).length).toBe(before + 1);
  });

  it('validates the request body', async () => {
    expect((await requestReset('not-an-email')).statusCode).toBe(400);
    const mismatch = await resetPassword({
      user_id: '1',
      token: 'x',
      password: 'A-Good-One-77',
      password2: 'Other-1-x',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ password2: ['Password repeat must equal the new password'] });
  });

  it('follows the e-mailed link to a new password; the link then fails; old sessions end', async () => {
    await requestReset(user.registration.email);
    const mail = await waitForMail(outbox, user.registration.email, /Reset your Hullscope password/);
    const { uid, token, url } = linkParameters(mail, '/user/reset-password');
    expect(url.origin).toBe('http://hullscope.test');

    const weak = await resetPassword({ user_id: uid, token, password: '12345678', password2: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().password).toContain('This password is entirely numeric.');

    const newPassword = 'Fresh-Antifouling-2026';
    const done = await resetPassword({ user_id: uid, token, password: newPassword, password2: newPassword });
    expect(done.statusCode).toBe(200);

    expect((await login(t.app, user.registration.username, user.registration.password)).statusCode).toBe(401);
    expect((await login(t.app, user.registration.username, newPassword)).statusCode).toBe(200);
    expect((await refresh(user.tokens.refresh)).statusCode).toBe(401);
    const earlierAccess = await t.app.inject({ method: 'GET', url: '/api/user/', headers: user.headers });
    expect(earlierAccess.statusCode).toBe(401);

    const again = await resetPassword({
      user_id: uid,
      token,
      password: 'Another-Strong-88',
      password2: 'Another-Strong-88',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().token[0]).toMatch(/invalid, has expired or has already been used/);
  });

  it('tells a caller without the link nothing: an unknown id and a wrong token answer alike', async () => {
    const member = await signUp(t.app, outbox);
    // A password like the e-mail's domain would be refused as too similar, which would confirm
    // a guess at the e-mail, if the rules ran before the link is checked.
    const guess = member.registration.email.split('@')[1] ?? '';
    const attempt = (userId: string) =>
      resetPassword({ user_id: userId, token: 'not-the-token', password: guess, password2: guess });
    const known = await attempt(String(member.userId));
    const unknown = await attempt('987654321');
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual({ token: [expect.stringMatching(/invalid, has expired/)] });
    expect(unknown.json()).toEqual(known.json());
  });

  it('refuses an expired reset link', async () => {
    const other = await signUp(t.app, outbox);
    await requestReset(other.registration.email);
    const { uid, token } = linkParameters(
      await waitForMail(outbox, other.registration.email, /Reset your Hullscope password/),
      '/user/reset-password',
    );
    await t.app.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', other.userId)
      .where('purpose', '=', 'reset_password')
      .execute();
    const response = await resetPassword({
      user_id: uid,
      token,
      password: 'Late-But-Strong-9',
      password2: 'Late-But-Strong-9',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('password reset limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      ACCOUNT_REQUESTS_PER_ADDRESS_PER_HOUR: '3',
      PASSWORD_RESET_MAILS_PER_ACCOUNT_PER_HOUR: '2',
    });
  });
  afterAll(() => limited.close());

  const requestFrom = (email: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/user/request-password-reset/',
      payload: { email },
      remoteAddress,
    });
  /** The reset e-mails to `to`, once the first has come and the background sends had `settleMs` more. */
  const resetMailsOnceSettled = async (to: string, settleMs: number) => {
    await waitForMail(limited.config.mail.outboxDir, to, /Reset your Hullscope password/);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return (await readOutbox(limited.config.mail.outboxDir)).filter(
      (mail) => mail.to.includes(to) && /Reset your Hullscope password/.test(mail.email.subject ?? ''),
    );
  };

  it('sends at most the per-account number of e-mails however many requests come, answering alike', async () => {
    const member = await signUp(limited.app, limited.config.mail.outboxDir);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => requestFrom(member.registration.email, `10.1.0.${index + 1}`)),
    );
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    expect(await resetMailsOnceSettled(member.registration.email, 1500)).toHaveLength(2);
  });

  it('stops sending for a client address past its hourly requests, answering alike', async () => {
    const member = await signUp(limited.app, limited.config.mail.outboxDir, {});
    for (let index = 0; index < 3; index += 1) {
      expect((await requestFrom(`nobody${index}@shipping-company.com`, '10.2.0.1')).statusCode).toBe(200);
    }
    // Their work runs after the answers: let it be counted before the next request comes.
    await vi.waitUntil(
      async () =>
        (
          await limited.app.database.db
            .selectFrom('throttle_events')
            .select('id')
            .where('throttle_key', '=', 'reset-request:10.2.0.1')
            .execute()
        ).length === 3,
      { timeout: 5000 },
    );
    const overLimit = await requestFrom(member.registration.email, '10.2.0.1');
    expect(overLimit.statusCode).toBe(200);
    expect((await requestFrom(member.registration.email, '10.2.0.2')).statusCode).toBe(200);
    expect(await resetMailsOnceSettled(member.registration.email, 500)).toHaveLength(1);
  });

  it('answers 429 to reset attempts from an address past its hourly limit', async () => {
    const attempt = () =>
      limited.app.inject({
        method: 'PUT',
        url: '/api/user/reset-password/',
        payload: { user_id: '1', token: 'guess', password: 'A-Good-One-77', password2: 'A-Good-One-77' },
        remoteAddress: '10.3.0.1',
      });
    for (let index = 0; index < 3; index += 1) expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().detail).toMatch(/Too many requests/);
  });
});
