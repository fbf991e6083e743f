import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const STRIPE_TEST_KEY = 'sk_test_hullscope_stand_in';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_hullscope_test_secret';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body as Stripe's API reads it, e.g. `line_items[0][quantity]` → `1`. */
  form: URLSearchParams;
}

/**
 * A local stand-in for api.stripe.com: records every request and answers Checkout Session creation
 * like Stripe does, so the tests check what the app sends without touching the network.
 */
export interface StripeStandIn {
  requests: RecordedRequest[];
  /** Makes the next creation fail as Stripe does for a bad request. */
  failNext(): void;
  env: Record<string, string>;
  /** Marks a session paid at Stripe: reading it answers `complete` and it cannot be expired. */
  complete(sessionId: string): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  let failNext = false;
  let counter = 0;
  const completed = new Set<string>();
  const expired = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        form,
      });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions' && !failNext) {
        counter += 1;
        const id = `cs_test_standin_${counter}`;
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: 'payment',
            status: 'open',
            payment_status: 'unpaid',
            url: `https://checkout.stripe.test/c/pay/${id}`,
            client_reference_id: form.get('client_reference_id'),
            metadata: { purchase_id: form.get('metadata[purchase_id]') },
          }),
        );
        return;
      }
      // A session read or expired: open until expired, or complete when the test says it was paid.
      const session = /^\/v1\/checkout\/sessions\/(cs_test_standin_\d+)(\/expire)?$/.exec(request.url ?? '');
      if (session && !failNext) {
        const id = session[1]!;
        if (session[2] && request.method === 'POST' && !completed.has(id)) expired.add(id);
        const status = completed.has(id) ? 'complete' : expired.has(id) ? 'expired' : 'open';
        response.end(JSON.stringify({ id, object: 'checkout.session', status }));
        return;
      }
      failNext = false;
      response.statusCode = 400;
      response.end(
        JSON.stringify({
          error: { type: 'invalid_request_error', message: 'Stand-in refuses this request' },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    complete: (sessionId: string) => void completed.add(sessionId),
    failNext: () => {
      failNext = true;
    },
    env: {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SessionFields {
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  amount_subtotal?: number;
  amount_tax?: number;
  currency?: string;
  metadata?: Record<string, string>;
  customer_details?: Record<string, unknown>;
}

/** A Checkout Session event as Stripe sends it, with its body and a valid Stripe-Signature header. */
export function signedSessionEvent(
  eventId: string,
  type: string,
  sessionId: string,
  fields: SessionFields = {},
  secret = STRIPE_TEST_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const subtotal = fields.amount_subtotal ?? 4900;
  const tax = fields.amount_tax ?? 0;
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: fields.payment_status ?? 'paid',
        amount_subtotal: subtotal,
        amount_total: subtotal + tax,
        currency: fields.currency ?? 'eur',
        total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
        metadata: fields.metadata ?? {},
        customer_details: fields.customer_details ?? null,
      },
    },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
