import { randomBytes } from 'node:crypto';
import type { LoginTokens, RegisterRequest } from '@hullscope/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { linkParameters, waitForMail } from './outbox.js';

export const STRONG_PASSWORD = 'Barnacle-Scraper-42';

export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  const suffix = randomBytes(4).toString('hex');
  return {
    username: `diver_${suffix}`,
    email: `diver.${suffix}@shipping-company.com`,
    first_name: 'Ada',
    last_name: 'Keel',
    password: STRONG_PASSWORD,
    password2: STRONG_PASSWORD,
    ...overrides,
  };
}

export interface SignedInUser {
  registration: RegisterRequest;
  tokens: LoginTokens;
  userId: number;
  /** The user's own organisation, which every account gets at sign-up and which owns what they make. */
  organisationId: number;
  headers: { authorization: string };
}

export async function register(app: FastifyInstance, registration: RegisterRequest) {
  return app.inject({ method: 'POST', url: '/api/user/register/', payload: registration });
}

/** Logs in; `remoteAddress` is the client address the server sees (loopback by default). */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress?: string,
) {
  return app.inject({ method: 'POST', url: '/api/token/', payload: { username, password }, remoteAddress });
}

/** Registers through the API, follows the e-mailed confirmation link and logs in: a real user. */
export async function signUp(
  app: FastifyInstance,
  outboxDir: string,
  overrides: Partial<RegisterRequest> = {},
): Promise<SignedInUser> {
  const registration = newRegistration(overrides);
  const registered = await register(app, registration);
  expect(registered.statusCode, registered.body).toBe(201);
  const mail = await waitForMail(outboxDir, registration.email, /Confirm/);
  const { uid, token } = linkParameters(mail, '/user/confirm-registration');
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/user/confirm-registration/',
    payload: { uid, token },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const loggedIn = await login(app, registration.username, registration.password);
  expect(loggedIn.statusCode, loggedIn.body).toBe(200);
  const tokens = loggedIn.json<LoginTokens>();
  const headers = { authorization: `Bearer ${tokens.access}` };
  const organisation = await app.inject({ method: 'GET', url: '/api/organisation/', headers });
  expect(organisation.statusCode, organisation.body).toBe(200);
  return {
    registration,
    tokens,
    userId: Number(uid),
    organisationId: organisation.json<{ id: number }>().id,
    headers,
  };
}
