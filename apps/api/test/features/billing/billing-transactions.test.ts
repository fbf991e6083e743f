import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchaseFulfilment } from '../../../src/features/billing/fulfil-purchase.js';
import { creditAccount, debitAccount, ledgerSum } from '../../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import {
  balance,
  postForm,
  purchasesOf,
  sandboxLink,
  setCompany,
  startCheckout,
} from '../../support/billing.js';
import { waitForMail } from '../../support/outbox.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, t.config.mail.outboxDir);
  await setCompany(t.app, user, { country: 'NO' });
});
afterAll(() => t.close());

describe('GET /api/transactions/', () => {
  it('lists every kind of ledger row with signed amounts, purchases with their status', async () => {
    const { db } = t.app.database;
    await creditAccount(db, {
      organisationId: user.organisationId,
      amount: 25,
      kind: 'admin_grant',
      reason: 'pilot customer',
    });
    await debitAccount(db, { organisationId: user.organisationId, amount: 10, kind: 'prediction' });
    await creditAccount(db, {
      organisationId: user.organisationId,
      amount: 2,
      kind: 'refund',
      reason: 'failed image',
    });

    const paid = sandboxLink(await startCheckout(t.app, user, 100));
    expect((await postForm(t.app, `${paid.path}/pay`, { token: paid.token })).statusCode).toBe(303);
    await startCheckout(t.app, user, 500);
    const cancelled = sandboxLink(await startCheckout(t.app, user, 100));
    expect((await postForm(t.app, `${cancelled.path}/cancel`, { token: cancelled.token })).statusCode).toBe(
      303,
    );
    // A declined payment, through the same fulfilment the webhook uses.
    const declined = sandboxLink(await startCheckout(t.app, user, 2000));
    const fulfil = purchaseFulfilment(db, t.app.mailer, t.app.log);
    expect(await fulfil({ provider: 'sandbox', sessionId: declined.sessionId, outcome: 'failed' })).toEqual({
      result: 'settled',
      status: 'FAILED',
    });

    const response = await t.app.inject({ method: 'GET', url: '/api/transactions/', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const transactions = response.json<{ amount: number; status: string; kind: string }[]>();
    expect(transactions.map(({ kind, amount, status }) => ({ kind, amount, status }))).toEqual([
      { kind: 'signup_bonus', amount: 50, status: 'SETTLED' },
      { kind: 'admin_grant', amount: 25, status: 'SETTLED' },
      { kind: 'prediction', amount: -10, status: 'SETTLED' },
      { kind: 'refund', amount: 2, status: 'SETTLED' },
      { kind: 'purchase', amount: 100, status: 'PAID' },
      { kind: 'purchase', amount: 500, status: 'PENDING' },
      { kind: 'purchase', amount: 100, status: 'EXPIRED' },
      { kind: 'purchase', amount: 2000, status: 'FAILED' },
    ]);
    for (const transaction of transactions) {
      expect(transaction).toEqual(
        expect.objectContaining({ id: expect.any(Number), request_date: expect.any(String) }),
      );
      if (transaction.kind !== 'prediction') expect(transaction).not.toHaveProperty('predict_queue');
    }
    expect(transactions.find((row) => row.status === 'PAID')).toMatchObject({
      reason: 'Purchase of 100 credits (€49.00 excluding VAT)',
    });

    // Only settled rows count: 50 + 25 - 10 + 2 + 100.
    expect(await balance(t.app, user)).toBe(167);
    expect(await ledgerSum(db, user.organisationId)).toBe(167);

    // The receipt names the purchase by its transaction id, so the two can be matched.
    const paidRow = (await purchasesOf(t.app, user.organisationId)).find(
      (row) => row.session_id === paid.sessionId,
    );
    const receipt = await waitForMail(t.config.mail.outboxDir, user.registration.email, /receipt/);
    expect(transactions.find((row) => row.status === 'PAID')).toMatchObject({ id: paidRow?.id });
    expect(receipt.email.text).toContain(`Purchase ID: ${paidRow?.id}\n`);
    expect(receipt.email.text).toContain('VAT: €0.00 — No VAT, customer outside the EU (Norway)');
  });

  it("shows only the caller's own rows", async () => {
    const other = await signUp(t.app, t.config.mail.outboxDir);
    const response = await t.app.inject({ method: 'GET', url: '/api/transactions/', headers: other.headers });
    expect(response.json()).toEqual([expect.objectContaining({ kind: 'signup_bonus', amount: 50 })]);
  });
});
