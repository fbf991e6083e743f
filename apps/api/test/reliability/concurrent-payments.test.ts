import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../support/accounts.js';
import {
  balance,
  postForm,
  purchasesOf,
  sandboxLink,
  setCompany,
  startCheckout,
} from '../support/billing.js';
import { type TestApp, createTestApp } from '../support/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, t.config.mail.outboxDir);
  await setCompany(t.app, buyer, { country: 'NL' });
});
afterAll(() => t.close());

describe('payments all at once', () => {
  it('credits each paid purchase exactly once and no cancelled one, with the balance equal to the ledger', async () => {
    const before = await balance(t.app, buyer);
    const tiers = [100, 500, 100, 2000, 100, 500, 100, 100, 500, 100];
    const checkouts = await Promise.all(tiers.map((amount) => startCheckout(t.app, buyer, amount)));
    const links = checkouts.map(sandboxLink);
    // Even purchases are paid twice at once (a double click); odd ones are cancelled and, at the
    // same moment, paid from a second tab: only one of the two can win, and it must be honoured.
    const submissions = links.flatMap(({ path, token }, index) =>
      index % 2 === 0
        ? [postForm(t.app, `${path}/pay`, { token }), postForm(t.app, `${path}/pay`, { token })]
        : [postForm(t.app, `${path}/cancel`, { token }), postForm(t.app, `${path}/pay`, { token })],
    );
    const answers = await Promise.all(submissions);
    for (const answer of answers) expect(answer.statusCode).toBe(303);

    const purchases = await purchasesOf(t.app, buyer.organisationId);
    const bySession = new Map(purchases.map((purchase) => [purchase.session_id, purchase]));
    let credited = 0;
    links.forEach(({ sessionId }, index) => {
      const purchase = bySession.get(sessionId);
      expect(purchase?.status).toMatch(index % 2 === 0 ? /^PAID$/ : /^(PAID|EXPIRED)$/);
      if (purchase?.status === 'PAID') credited += tiers[index] ?? 0;
    });
    expect(await balance(t.app, buyer)).toBe(before + credited);
    expect(await ledgerSum(t.app.database.db, buyer.organisationId)).toBe(before + credited);
  });
});
