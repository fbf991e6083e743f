import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { balance, purchasesOf, requestCheckout, setCompany, startCheckout } from '../../support/billing.js';
import { readOutbox } from '../../support/outbox.js';
import {
  STRIPE_TEST_KEY,
  type StripeStandIn,
  signedSessionEvent,
  startStripeStandIn,
} from '../../support/stripe-stand-in.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let stripe: StripeStandIn;
let t: TestApp;
let buyer: SignedInUser;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp(stripe.env);
  buyer = await signUp(t.app, t.config.mail.outboxDir);
  await setCompany(t.app, buyer, { country: 'DE' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

function deliver(app: FastifyInstance, event: { payload: string; signature: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook/',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

/** A checkout opened through the API; answers its Stripe session id. */
async function openCheckout(user: SignedInUser, amount = 100): Promise<string> {
  const redirect = await startCheckout(t.app, user, amount);
  return redirect.pathname.split('/').pop() ?? '';
}

async function purchaseOf(user: SignedInUser, sessionId: string) {
  return (await purchasesOf(t.app, user.organisationId)).find((row) => row.session_id === sessionId);
}

async function receiptCount(email: string): Promise<number> {
  return (await readOutbox(t.config.mail.outboxDir)).filter(
    (mail) => mail.to.includes(email) && /receipt/.test(mail.email.subject ?? ''),
  ).length;
}

describe('Stripe Checkout session creation', () => {
  it('sends the tier in EUR with e-mail, billing address, tax ID collection and the purchase id', async () => {
    stripe.requests.length = 0;
    const response = await requestCheckout(t.app, buyer, 500);
    expect(response.statusCode, response.body).toBe(200);
    const { redirect_url } = response.json<{ redirect_url: string }>();
    expect(redirect_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_standin_\d+$/);

    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe(`Bearer ${STRIPE_TEST_KEY}`);
    expect(request?.headers['idempotency-key']).toBeTruthy();
    const purchase = (await purchasesOf(t.app, buyer.organisationId)).at(-1);
    expect(purchase).toMatchObject({ amount: 500, status: 'PENDING', provider: 'stripe', net_cents: 19_900 });
    expect(purchase?.session_id).toBe(redirect_url.split('/').pop());
    expect(Object.fromEntries(request?.form ?? [])).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '19900',
      'line_items[0][price_data][tax_behavior]': 'exclusive',
      'line_items[0][price_data][product_data][name]': '500 Hullscope credits',
      customer_email: buyer.registration.email,
      billing_address_collection: 'required',
      'tax_id_collection[enabled]': 'true',
      'automatic_tax[enabled]': 'false',
      client_reference_id: String(purchase?.id),
      'metadata[purchase_id]': String(purchase?.id),
      'metadata[credits]': '500',
      success_url: 'http://hullscope.test/transactions?checkout=success',
      cancel_url: 'http://hullscope.test/transactions?checkout=cancelled',
    });
    expect(await balance(t.app, buyer)).toBe(50);
  });

  it('answers 503 and closes the purchase as FAILED when Stripe refuses', async () => {
    stripe.failNext();
    const response = await requestCheckout(t.app, buyer, 100);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: 'The payment provider could not be reached. Please try again later.',
    });
    expect((await purchasesOf(t.app, buyer.organisationId)).at(-1)).toMatchObject({
      amount: 100,
      status: 'FAILED',
      session_id: null,
    });
  });

  it('does not serve the sandbox page when Stripe is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/sbx_abc?token=x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('Stripe webhook', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const sessionId = await openCheckout(buyer);
    const before = await balance(t.app, buyer);
    const forged = signedSessionEvent(
      'evt_forged',
      'checkout.session.completed',
      sessionId,
      {},
      'whsec_wrong',
    );
    const genuine = signedSessionEvent('evt_tampered', 'checkout.session.completed', sessionId, {
      amount_subtotal: 4900,
    });
    const attempts = [
      forged,
      // Signed, then altered: the signature covers the exact bytes.
      { payload: genuine.payload.replace('"paid"', '"paid" '), signature: genuine.signature },
      { payload: genuine.payload, signature: '' },
    ];
    for (const attempt of attempts) {
      const response = await deliver(t.app, attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
    expect(await purchaseOf(buyer, sessionId)).toMatchObject({
      status: 'PENDING',
      payment_status: 'PENDING',
    });
    expect(await balance(t.app, buyer)).toBe(before);
    const events = await t.app.database.db.selectFrom('payment_events').selectAll().execute();
    expect(events.filter((event) => ['evt_forged', 'evt_tampered'].includes(event.event_id))).toEqual([]);
  });

  it('credits once when checkout.session.completed arrives twice, concurrently and again later', async () => {
    const sessionId = await openCheckout(buyer);
    const before = await balance(t.app, buyer);
    const receiptsBefore = await receiptCount(buyer.registration.email);
    const event = signedSessionEvent('evt_completed_1', 'checkout.session.completed', sessionId, {
      customer_details: {
        email: buyer.registration.email,
        name: 'Ada Keel',
        business_name: 'Keel Shipping GmbH',
        address: {
          line1: 'Kaiserkai 1',
          line2: null,
          city: 'Hamburg',
          postal_code: '20457',
          state: null,
          country: 'DE',
        },
        tax_ids: [{ type: 'eu_vat', value: 'DE123456789' }],
      },
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(t.app, event)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().result).sort()).toEqual([
      'duplicate-event',
      'duplicate-event',
      'duplicate-event',
      'duplicate-event',
      'settled',
    ]);
    expect((await deliver(t.app, event)).json()).toEqual({ received: true, result: 'duplicate-event' });
    // The same session completed under another event id (Stripe does not promise one per session).
    const again = signedSessionEvent('evt_completed_2', 'checkout.session.completed', sessionId);
    expect((await deliver(t.app, again)).json()).toEqual({ received: true, result: 'unchanged' });

    expect(await balance(t.app, buyer)).toBe(before + 100);
    expect(await ledgerSum(t.app.database.db, buyer.organisationId)).toBe(before + 100);
    expect(await purchaseOf(buyer, sessionId)).toMatchObject({
      status: 'PAID',
      payment_status: 'PAID',
      tax_cents: 0,
      total_cents: 4900,
      vat_note: 'No VAT charged at checkout',
    });
    expect(await receiptCount(buyer.registration.email)).toBe(receiptsBefore + 1);
    const company = await t.app.inject({ method: 'GET', url: '/api/company/', headers: buyer.headers });
    expect(company.json()).toMatchObject({
      name: 'Keel Shipping GmbH',
      address: 'Kaiserkai 1',
      city: 'Hamburg',
      zip: '20457',
      country: 'DE',
      tax_id: 'DE123456789',
    });
  });

  it('records the VAT Stripe charged on the receipt', async () => {
    const sessionId = await openCheckout(buyer);
    const event = signedSessionEvent('evt_taxed', 'checkout.session.completed', sessionId, {
      amount_tax: 931,
    });
    expect((await deliver(t.app, event)).json()).toEqual({ received: true, result: 'settled' });
    const purchase = await purchaseOf(buyer, sessionId);
    expect(purchase).toMatchObject({ tax_cents: 931, total_cents: 5831 });
    const receipt = (await readOutbox(t.config.mail.outboxDir)).find((mail) =>
      mail.email.text?.includes(`Purchase ID: ${purchase?.id}\n`),
    );
    expect(receipt?.email.subject).toBe(`Your Hullscope receipt: 100 credits (purchase ${purchase?.id})`);
    expect(receipt?.email.text).toContain('VAT: €9.31 — VAT charged at checkout (Germany)');
    expect(receipt?.email.text).toContain('Total paid: €58.31');
    expect(receipt?.email.text).toContain('Fees are non-refundable');
  });

  it('credits nothing for a failed asynchronous payment', async () => {
    const sessionId = await openCheckout(buyer);
    const before = await balance(t.app, buyer);
    const completed = signedSessionEvent('evt_async_completed', 'checkout.session.completed', sessionId, {
      payment_status: 'unpaid',
    });
    expect((await deliver(t.app, completed)).json()).toEqual({ received: true, result: 'unchanged' });
    expect(await purchaseOf(buyer, sessionId)).toMatchObject({ status: 'PENDING' });
    const failed = signedSessionEvent(
      'evt_async_failed',
      'checkout.session.async_payment_failed',
      sessionId,
      {
        payment_status: 'unpaid',
      },
    );
    expect((await deliver(t.app, failed)).json()).toEqual({ received: true, result: 'settled' });
    // Neither a redelivery nor a later success event can credit a failed purchase.
    expect((await deliver(t.app, failed)).json()).toEqual({ received: true, result: 'duplicate-event' });
    const late = signedSessionEvent('evt_async_late', 'checkout.session.async_payment_succeeded', sessionId);
    expect((await deliver(t.app, late)).json()).toEqual({ received: true, result: 'unchanged' });
    expect(await purchaseOf(buyer, sessionId)).toMatchObject({ status: 'FAILED', payment_status: 'FAILED' });
    expect(await balance(t.app, buyer)).toBe(before);
    expect(await ledgerSum(t.app.database.db, buyer.organisationId)).toBe(before);
  });

  it('credits a delayed payment once it succeeds, and an expired session never', async () => {
    const delayed = await openCheckout(buyer, 500);
    const expired = await openCheckout(buyer, 2000);
    const before = await balance(t.app, buyer);
    const unpaid = { payment_status: 'unpaid' as const, amount_subtotal: 19_900 };
    await deliver(t.app, signedSessionEvent('evt_delayed_c', 'checkout.session.completed', delayed, unpaid));
    const succeeded = signedSessionEvent(
      'evt_delayed_s',
      'checkout.session.async_payment_succeeded',
      delayed,
      {
        amount_subtotal: 19_900,
      },
    );
    expect((await deliver(t.app, succeeded)).json()).toEqual({ received: true, result: 'settled' });
    const expiry = signedSessionEvent('evt_expired', 'checkout.session.expired', expired, {
      payment_status: 'unpaid',
    });
    expect((await deliver(t.app, expiry)).json()).toEqual({ received: true, result: 'settled' });
    expect(await purchaseOf(buyer, delayed)).toMatchObject({ status: 'PAID' });
    expect(await purchaseOf(buyer, expired)).toMatchObject({ status: 'EXPIRED' });
    expect(await balance(t.app, buyer)).toBe(before + 500);
  });

  it('never credits an amount other than the purchase price', async () => {
    const sessionId = await openCheckout(buyer, 2000);
    const before = await balance(t.app, buyer);
    const cheap = signedSessionEvent('evt_cheap', 'checkout.session.completed', sessionId, {
      amount_subtotal: 100,
    });
    expect((await deliver(t.app, cheap)).json()).toEqual({ received: true, result: 'amount-mismatch' });
    expect(await purchaseOf(buyer, sessionId)).toMatchObject({ status: 'PENDING' });
    expect(await balance(t.app, buyer)).toBe(before);
  });

  it("credits a purchase to its owner only: another user's metadata or session changes nothing", async () => {
    const owner = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, owner, { country: 'IT' });
    const intruder = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, intruder, { country: 'IT' });
    const ownersSession = await openCheckout(owner);
    const intrudersSession = await openCheckout(intruder);
    const intrudersPurchase = await purchaseOf(intruder, intrudersSession);

    // An event for the owner's session that claims the intruder's purchase and account.
    const event = signedSessionEvent('evt_claim', 'checkout.session.completed', ownersSession, {
      metadata: { purchase_id: String(intrudersPurchase?.id), user_id: String(intruder.userId) },
    });
    expect((await deliver(t.app, event)).json()).toEqual({ received: true, result: 'settled' });
    expect(await balance(t.app, owner)).toBe(150);
    expect(await balance(t.app, intruder)).toBe(50);
    expect(await purchaseOf(intruder, intrudersSession)).toMatchObject({ status: 'PENDING' });

    // A session id Stripe never issued for us is ignored.
    const unknown = signedSessionEvent('evt_unknown', 'checkout.session.completed', 'cs_test_not_ours');
    expect((await deliver(t.app, unknown)).json()).toEqual({ received: true, result: 'unknown-session' });
  });

  it('records a payment for a deleted account as PAID, crediting no one and mailing no one', async () => {
    const leaver = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, leaver, { country: 'DE' });
    const sessionId = await openCheckout(leaver);
    const [purchase] = await purchasesOf(t.app, leaver.organisationId);
    // What account deletion leaves of a purchase: the ledger row and payment, without an owner.
    await t.app.database.db.deleteFrom('users').where('id', '=', leaver.userId).execute();
    const event = signedSessionEvent('evt_after_deletion', 'checkout.session.completed', sessionId);
    expect((await deliver(t.app, event)).json()).toEqual({ received: true, result: 'settled' });
    const payment = await t.app.database.db
      .selectFrom('payments')
      .innerJoin('credit_ledger', 'credit_ledger.id', 'payments.ledger_id')
      .select(['payments.status', 'credit_ledger.status as ledger_status', 'credit_ledger.user_id'])
      .where('payments.ledger_id', '=', purchase?.id ?? 0)
      .executeTakeFirst();
    expect(payment).toEqual({ status: 'PAID', ledger_status: 'PAID', user_id: null });
    expect(await receiptCount(leaver.registration.email)).toBe(0);
  });

  it('acknowledges events that concern no purchase', async () => {
    const { payload, signature } = signedSessionEvent('evt_other', 'customer.created', 'cus_1');
    expect((await deliver(t.app, { payload, signature })).json()).toEqual({ received: true });
  });
});

describe('cancelling a Stripe checkout (issue 45 §10)', () => {
  it('expires the open session at Stripe first, and refuses one Stripe completed', async () => {
    const open = await openCheckout(buyer);
    const opened = (await purchaseOf(buyer, open))!;
    const form = stripe.requests.at(-1)?.form;
    expect(Number(form?.get('expires_at'))).toBeGreaterThan(Date.now() / 1000 + 59 * 60);
    stripe.requests.length = 0;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${opened.id}/cancel/`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/checkout/sessions/${open}`,
      `POST /v1/checkout/sessions/${open}/expire`,
    ]);
    expect(await purchaseOf(buyer, open)).toMatchObject({ status: 'EXPIRED' });

    const paying = await openCheckout(buyer);
    stripe.complete(paying);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${(await purchaseOf(buyer, paying))!.id}/cancel/`,
      headers: buyer.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(await purchaseOf(buyer, paying)).toMatchObject({ status: 'PENDING' });
  });
});
