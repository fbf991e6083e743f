import Stripe from 'stripe';
import type { CheckoutRequest, PaymentProvider, ProviderCheckout } from './payment-provider.js';

export interface StripeConfig {
  provider: 'stripe';
  secretKey: string;
  webhookSecret: string;
  automaticTax: boolean;
  api?: { host: string; port?: number; protocol?: 'http' | 'https' };
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** The event, if `signature` is Stripe's signature of exactly these bytes; throws otherwise. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Stripe Checkout through the official package; `config.api` points it at a stand-in in tests. */
export function stripeProvider(config: StripeConfig): StripeProvider {
  const stripe = new Stripe(config.secretKey, {
    // Retries reuse the SDK's idempotency key, so a retried creation never opens a second session.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Hullscope' },
    ...(config.api ?? {}),
  });

  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<ProviderCheckout> {
      const purchase = String(request.purchaseId);
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: request.netCents,
              // Our prices exclude VAT; with Stripe Tax on, VAT is added on top for the buyer's country.
              tax_behavior: 'exclusive',
              product_data: { name: request.productName },
            },
          },
        ],
        customer_email: request.customerEmail,
        // A Customer keeps the tax ID and address the buyer enters, for Stripe's own records.
        customer_creation: 'always',
        billing_address_collection: 'required',
        tax_id_collection: { enabled: true },
        automatic_tax: { enabled: config.automaticTax },
        client_reference_id: purchase,
        metadata: { purchase_id: purchase, credits: String(request.credits) },
        payment_intent_data: { metadata: { purchase_id: purchase } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // The expiry the Transactions page shows, rather than Stripe's default of a day.
        expires_at: Math.floor(Date.parse(request.expiresAt) / 1000),
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, redirectUrl: session.url };
    },
    async cancelCheckout(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === 'complete') return false;
      if (session.status === 'open') await stripe.checkout.sessions.expire(sessionId);
      return true;
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError('Invalid Stripe signature.');
        }
        throw error;
      }
    },
  };
}
