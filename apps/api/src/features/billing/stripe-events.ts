import type Stripe from 'stripe';
import type { BillingDetails } from './billing.repository.js';
import type { CheckoutOutcome, FulfilmentInput } from './fulfil-purchase.js';

function outcomeOf(event: Stripe.Event, session: Stripe.Checkout.Session): CheckoutOutcome | null {
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid on completion; bank debits and the like settle later, by a second event.
      return session.payment_status === 'unpaid' ? 'awaiting-payment' : 'paid';
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    default:
      return null;
  }
}

function billingOf(session: Stripe.Checkout.Session): Partial<BillingDetails> {
  const customer = session.customer_details;
  const address = customer?.address;
  return {
    name: customer?.business_name ?? customer?.name ?? '',
    address: address?.line1 ?? '',
    address_2: address?.line2 ?? '',
    city: address?.city ?? '',
    zip: address?.postal_code ?? '',
    state: address?.state ?? '',
    country: address?.country ?? '',
    tax_id: customer?.tax_ids?.[0]?.value ?? '',
  };
}

/** The fulfilment a verified Stripe event asks for; null for events that concern no purchase. */
export function fulfilmentOfStripeEvent(event: Stripe.Event): FulfilmentInput | null {
  if (!event.type.startsWith('checkout.session.')) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  const outcome = outcomeOf(event, session);
  if (!outcome) return null;
  return {
    provider: 'stripe',
    sessionId: session.id,
    outcome,
    event: { id: event.id, type: event.type },
    ...(outcome === 'paid'
      ? {
          billing: billingOf(session),
          charged: {
            netCents: session.amount_subtotal ?? 0,
            taxCents: session.total_details?.amount_tax ?? 0,
            totalCents: session.amount_total ?? 0,
            currency: session.currency ?? '',
          },
        }
      : {}),
  };
}
