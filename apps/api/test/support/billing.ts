import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SignedInUser } from './accounts.js';

/** Sets the company's country (and optional fields): Buy Credits needs it. */
export async function setCompany(
  app: FastifyInstance,
  user: SignedInUser,
  fields: { country: string; name?: string; tax_id?: string },
): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/company/update/',
    headers: user.headers,
    payload: fields,
  });
  expect(response.statusCode, response.body).toBe(200);
}

export function requestCheckout(app: FastifyInstance, user: SignedInUser, amount: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session/',
    headers: user.headers,
    payload: { amount },
  });
}

/** Starts a checkout that must succeed and answers where the browser would go. */
export async function startCheckout(app: FastifyInstance, user: SignedInUser, amount: number): Promise<URL> {
  const response = await requestCheckout(app, user, amount);
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json<{ redirect_url: string }>().redirect_url);
}

/** The parts of a sandbox checkout link: its path on the API, session id and token. */
export function sandboxLink(redirect: URL): { path: string; sessionId: string; token: string } {
  const sessionId = redirect.pathname.split('/').pop() ?? '';
  return { path: redirect.pathname, sessionId, token: redirect.searchParams.get('token') ?? '' };
}

/** A browser's form submission. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function balance(app: FastifyInstance, user: SignedInUser): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/credits/', headers: user.headers });
  return response.json<{ credits: number }>().credits;
}

export async function purchasesOf(app: FastifyInstance, organisationId: number) {
  return app.database.db
    .selectFrom('credit_ledger')
    .innerJoin('payments', 'payments.ledger_id', 'credit_ledger.id')
    .select([
      'credit_ledger.id',
      'credit_ledger.amount',
      'credit_ledger.status',
      'payments.status as payment_status',
      'payments.session_id',
      'payments.provider',
      'payments.net_cents',
      'payments.tax_cents',
      'payments.total_cents',
      'payments.vat_note',
    ])
    .where('credit_ledger.organisation_id', '=', organisationId)
    .orderBy('credit_ledger.id')
    .execute();
}
