import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/api-error.js';
import { type StripeProvider, WebhookSignatureError } from '../../payments/stripe-provider.js';
import type { FulfilPurchase } from './fulfil-purchase.js';
import { fulfilmentOfStripeEvent } from './stripe-events.js';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook/';

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so this route alone reads its
 * body raw instead of parsing JSON. Answers 200 once an event is handled (or is of no interest), so
 * Stripe stops retrying; a failure answers 500 and Stripe delivers the event again.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  provider: StripeProvider,
  fulfilPurchase: FulfilPurchase,
  bodyLimit: number,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );

    scope.post(
      STRIPE_WEBHOOK_PATH,
      {
        schema: {
          operationId: 'stripeWebhook',
          tags: ['credits'],
          summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)',
          description: "Stripe's own calls, authenticated by the `Stripe-Signature` header.",
          // Stripe proves itself by its signature, not by a bearer token.
          security: [],
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.verifyWebhook(
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            typeof signature === 'string' ? signature : undefined,
          );
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw badRequest(error.message);
          throw error;
        }
        const fulfilment = fulfilmentOfStripeEvent(event);
        if (!fulfilment) return { received: true };
        const outcome = await fulfilPurchase(fulfilment);
        return { received: true, result: outcome.result };
      },
    );
  });
}
