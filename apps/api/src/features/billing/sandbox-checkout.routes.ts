import { checkoutExpiresAt, optionalText } from '@hullscope/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { SANDBOX_PATH, type SandboxProvider } from '../../payments/sandbox-provider.js';
import { billingRepository } from './billing.repository.js';
import { checkoutReturnUrl } from './checkout-return.js';
import type { FulfilPurchase } from './fulfil-purchase.js';
import { sandboxCheckoutPage } from './sandbox-checkout.page.js';
import { assessVat } from './vat.js';

const Params = z.object({ sessionId: z.string().regex(/^sbx_[\w-]{1,64}$/) });
const Token = z.object({ token: z.string().max(128) });
// The company form's own rule: the VAT ID entered here is saved on the company record. A browser
// sends the hidden field too, so it counts only with "Purchasing as a business" ticked.
const PayForm = Token.extend({
  business: z.literal('on').optional(),
  tax_id: optionalText(64).optional(),
});

export interface SandboxCheckoutDependencies {
  db: Kysely<DB>;
  provider: SandboxProvider;
  fulfilPurchase: FulfilPurchase;
  appUrl: string;
}

/**
 * The sandbox's hosted checkout, served under /api/ (other paths belong to the web app). Pay and
 * Cancel are plain form posts answered with a 303 to the Transactions page, so the page works without
 * script. Every request needs the link's token: only the buyer who was sent there can pay or cancel,
 * and the credits always go to the purchase's owner.
 */
export async function registerSandboxCheckout(
  app: FastifyInstance,
  { db, provider, fulfilPurchase, appUrl }: SandboxCheckoutDependencies,
): Promise<void> {
  const transactionsUrl = `${appUrl}/transactions`;

  function requireToken(sessionId: string, token: string): void {
    // Same answer as an unknown session: a wrong token learns nothing about the session.
    if (!provider.isValidPageToken(sessionId, token)) throw notFound();
  }

  /**
   * The return to the Transactions page, with the purchase's state read after the fulfilment has
   * committed. A caller whose Pay or Cancel changed nothing read it only after the one that settled the
   * purchase had committed (SQLite runs one writer at a time; on PostgreSQL the guarded update waits on
   * the winner's row lock), so every caller reads the final state.
   */
  async function returnToTransactions(reply: FastifyReply, sessionId: string) {
    const payment = await billingRepository(db).findBySession(sessionId);
    if (!payment) throw notFound();
    return reply.redirect(checkoutReturnUrl(transactionsUrl, payment.status), 303);
  }

  await app.register(async (scope) => {
    // Form posts are only accepted here; the JSON API elsewhere keeps refusing them (415).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      `${SANDBOX_PATH}/:sessionId`,
      { schema: { hide: true, params: Params, querystring: Token } },
      async (request, reply) => {
        const { sessionId } = request.params;
        requireToken(sessionId, request.query.token);
        const billing = billingRepository(db);
        const payment = await billing.findBySession(sessionId);
        if (!payment || payment.provider !== 'sandbox') throw notFound();
        const company =
          payment.organisation_id === null ? undefined : await billing.companyOf(payment.organisation_id);
        const taxId = company?.tax_id ?? '';
        const html = sandboxCheckoutPage({
          actionBase: `${SANDBOX_PATH}/${sessionId}`,
          token: request.query.token,
          credits: payment.credits,
          netCents: payment.net_cents,
          status: payment.status,
          vat: assessVat(payment.net_cents, company?.country ?? '', taxId),
          taxId,
          transactionsUrl,
        });
        // The link carries the token: keep the page out of caches.
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
      },
    );

    routes.post(
      `${SANDBOX_PATH}/:sessionId/pay`,
      { schema: { hide: true, params: Params, body: PayForm } },
      async (request, reply) => {
        const { sessionId } = request.params;
        requireToken(sessionId, request.body.token);
        const payment = await billingRepository(db).findBySession(sessionId);
        // Past its expiry a checkout takes no payment, as Stripe's does not: the purchase lapses instead.
        const lapsed =
          payment !== undefined && checkoutExpiresAt(payment.created_at) <= new Date().toISOString();
        const outcome = await fulfilPurchase({
          provider: 'sandbox',
          sessionId,
          outcome: lapsed ? 'expired' : 'paid',
          billing: { tax_id: request.body.business ? (request.body.tax_id ?? '') : '' },
        });
        if (outcome.result === 'unknown-session') throw notFound();
        return returnToTransactions(reply, sessionId);
      },
    );

    routes.post(
      `${SANDBOX_PATH}/:sessionId/cancel`,
      { schema: { hide: true, params: Params, body: Token } },
      async (request, reply) => {
        const { sessionId } = request.params;
        requireToken(sessionId, request.body.token);
        // A cancelled sandbox checkout is over at once, as a Stripe session is when it expires.
        const outcome = await fulfilPurchase({ provider: 'sandbox', sessionId, outcome: 'expired' });
        if (outcome.result === 'unknown-session') throw notFound();
        return returnToTransactions(reply, sessionId);
      },
    );
  });
}
