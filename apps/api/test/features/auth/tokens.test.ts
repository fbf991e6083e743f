import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, login, signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });
  user = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

const getUser = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/', headers: authorization ? { authorization } : {} });

async function signWithAppSecret(claims: Record<string, unknown>, exp: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(t.config.jwtSecret));
}

describe('POST /api/token/', () => {
  it('answers access and refresh tokens; the access token carries exp in seconds', async () => {
    const response = await login(t.app, user.registration.username, user.registration.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    const claims = decodeJwt(body.access);
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now + 14 * 60);
    expect(claims.exp).toBeLessThan(now + 16 * 60);
    expect(claims.user_id).toBe(user.userId);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await login(t.app, user.registration.username, 'Not-The-Password-1');
    const unknown = await login(t.app, 'nobody_here', 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('answers 400 with field errors when a field is missing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: ['Required'] });
  });
});

describe('login throttling', () => {
  it('answers 429 after too many failures for one account, even with the right password', async () => {
    const victim = await signUp(t.app, t.config.mail.outboxDir);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(t.app, victim.registration.username, 'Wrong-Password-1')).statusCode).toBe(401);
    }
    const blocked = await login(t.app, victim.registration.username, victim.registration.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Too many failed login attempts/);
  });

  it('answers 429 after too many failures from one address across accounts', async () => {
    const fresh = await createTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: '4' });
    try {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await login(fresh.app, `someone_${attempt}`, 'Wrong-Password-1')).statusCode).toBe(401);
      }
      expect((await login(fresh.app, 'someone_else', 'Wrong-Password-1')).statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('lets exactly the limit of simultaneous wrong attempts reach the password check; the rest are 429', async () => {
    const victim = await signUp(t.app, t.config.mail.outboxDir);
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        login(t.app, victim.registration.username, 'Wrong-Password-1', '10.0.1.1'),
      ),
    );
    const statuses = attempts.map((response) => response.statusCode);
    // They take turns at the count: exactly the limit are let through, none beyond it.
    const verified = statuses.filter((status) => status === 401).length;
    expect(verified).toBe(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - verified);
  });

  it('does not let a stranger at another address lock the owner out', async () => {
    const owner = await signUp(t.app, t.config.mail.outboxDir);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(t.app, owner.registration.username, 'Wrong-1-x', '10.0.2.2')).statusCode).toBe(401);
    }
    expect((await login(t.app, owner.registration.username, 'Wrong-1-x', '10.0.2.2')).statusCode).toBe(429);
    const fromOwner = await login(
      t.app,
      owner.registration.username,
      owner.registration.password,
      '10.0.2.3',
    );
    expect(fromOwner.statusCode).toBe(200);
  });

  it('slows guessing of one account from many addresses with a growing delay instead of a lock', async () => {
    const fresh = await createTestApp({
      LOGIN_ACCOUNT_DELAY_AFTER_FAILURES: '3',
      LOGIN_MAX_DELAY_SECONDS: '60',
    });
    try {
      const owner = await signUp(fresh.app, fresh.config.mail.outboxDir);
      const { username, password } = owner.registration;
      for (const address of ['10.0.3.1', '10.0.3.2', '10.0.3.3']) {
        expect((await login(fresh.app, username, 'Wrong-1-x', address)).statusCode).toBe(401);
      }
      const waitOne = await login(fresh.app, username, password, '10.0.3.4');
      expect(waitOne.statusCode).toBe(429);
      expect(waitOne.headers['retry-after']).toBe('1');
      expect(waitOne.json().detail).toMatch(/Please wait 1 seconds/);

      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await login(fresh.app, username, 'Wrong-1-x', '10.0.3.5')).statusCode).toBe(401);
      const waitTwo = await login(fresh.app, username, password, '10.0.3.6');
      expect(waitTwo.statusCode).toBe(429);
      expect(waitTwo.headers['retry-after']).toBe('2');

      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await login(fresh.app, username, password, '10.0.3.7')).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('session end', () => {
  const changePassword = (authorization: string, oldPassword: string, password: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password/',
      headers: { authorization },
      payload: { old_password: oldPassword, password, password2: password },
    });

  it('stops earlier access tokens at once when the password changes; the new ones work', async () => {
    const member = await signUp(t.app, t.config.mail.outboxDir);
    const secondBrowser = await login(t.app, member.registration.username, member.registration.password);
    const changed = await changePassword(
      member.headers.authorization,
      member.registration.password,
      'Another-Hull-Survey-7',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await getUser(member.headers.authorization)).statusCode).toBe(401);
    expect((await getUser(`Bearer ${secondBrowser.json().access}`)).statusCode).toBe(401);
    expect((await getUser(`Bearer ${changed.json().access}`)).statusCode).toBe(200);
  });

  it('refuses an access token without a session version', async () => {
    const legacy = await signWithAppSecret(
      { token_type: 'access', user_id: user.userId },
      Math.floor(Date.now() / 1000) + 600,
    );
    expect((await getUser(`Bearer ${legacy}`)).statusCode).toBe(401);
  });
});

describe('caching of answers', () => {
  it('marks tokens and personal data no-store', async () => {
    const tokens = await login(t.app, user.registration.username, user.registration.password);
    expect(tokens.headers['cache-control']).toBe('no-store');
    const authorization = `Bearer ${tokens.json().access}`;
    for (const url of ['/api/user/', '/api/company/', '/api/transactions/']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('authentication of protected routes', () => {
  it('answers 401 without a token', async () => {
    const response = await getUser();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it.each([['Bearer not.a.jwt'], ['Bearer '], ['Basic dXNlcjpwYXNz'], ['Bearer eyJhbGciOiJIUzI1NiJ9.e30.x']])(
    'answers 401 for the malformed header %s',
    async (header) => {
      expect((await getUser(header)).statusCode).toBe(401);
    },
  );

  it('answers 401 for an expired access token', async () => {
    const expired = await signWithAppSecret(
      { token_type: 'access', user_id: user.userId, session_version: 0 },
      Math.floor(Date.now() / 1000) - 10,
    );
    const response = await getUser(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Given token not valid for any token type' });
  });

  it('answers 401 for a token signed with another secret', async () => {
    const forged = await new SignJWT({ token_type: 'access', user_id: user.userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect((await getUser(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('does not accept a refresh token as an access token', async () => {
    expect((await getUser(`Bearer ${user.tokens.refresh}`)).statusCode).toBe(401);
  });

  it('accepts a valid access token', async () => {
    const response = await getUser(user.headers.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.userId,
      username: user.registration.username,
      email: user.registration.email,
      first_name: 'Ada',
      last_name: 'Keel',
    });
  });
});

describe('POST /api/token/refresh/', () => {
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });

  it('answers a new access token that works', async () => {
    const response = await refresh(user.tokens.refresh);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['access']);
    expect((await getUser(`Bearer ${response.json().access}`)).statusCode).toBe(200);
  });

  it('refuses an access token, a malformed token and an expired refresh token', async () => {
    expect((await refresh(user.tokens.access)).statusCode).toBe(401);
    expect((await refresh('garbage')).statusCode).toBe(401);
    const expired = await signWithAppSecret(
      { token_type: 'refresh', user_id: user.userId, session_version: 0 },
      Math.floor(Date.now() / 1000) - 10,
    );
    expect((await refresh(expired)).statusCode).toBe(401);
  });
});
