import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSum } from '../../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import {
  balance,
  postForm,
  purchasesOf,
  requestCheckout,
  sandboxLink,
  setCompany,
  startCheckout,
} from '../../support/billing.js';
import { readOutbox, waitForMail } from '../../support/outbox.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, t.config.mail.outboxDir);
  await setCompany(t.app, buyer, { country: 'DE', name: 'Keel & Sons Shipping' });
});
afterAll(() => t.close());

async function receiptsTo(email: string) {
  return (await readOutbox(t.config.mail.outboxDir)).filter(
    (mail) => mail.to.includes(email) && /receipt/.test(mail.email.subject ?? ''),
  );
}

describe('credit prices', () => {
  it('lists the default tiers in euro excluding VAT, at the path without a trailing slash', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/credits/prices',
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { amount: 100, price: '49.00' },
      { amount: 500, price: '199.00' },
      { amount: 2000, price: '699.00' },
    ]);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/credits/prices' });
    expect(response.statusCode).toBe(401);
  });
});

describe('starting a checkout', () => {
  it('accepts only the offered tiers, with a field error on amount', async () => {
    for (const amount of [123, 0, -100, 'lots', 100.5]) {
      const response = await requestCheckout(t.app, buyer, amount);
      expect(response.statusCode, String(amount)).toBe(400);
      expect(Object.keys(response.json())).toEqual(['amount']);
    }
    const offTier = await requestCheckout(t.app, buyer, 123);
    expect(offTier.json()).toEqual({ amount: ['Choose one of the offered amounts: 100, 500, 2000.'] });
    expect(await purchasesOf(t.app, buyer.organisationId)).toEqual([]);
  });

  it('is refused with the spec message while the company has no country', async () => {
    const newcomer = await signUp(t.app, t.config.mail.outboxDir);
    const response = await requestCheckout(t.app, newcomer, 100);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [
        'Please enter your company information in the account settings before you can purchase Credits.',
      ],
    });
    expect(await purchasesOf(t.app, newcomer.organisationId)).toEqual([]);
  });

  it('creates a PENDING purchase that does not count yet, and links to the sandbox page under /api/', async () => {
    const before = await balance(t.app, buyer);
    const redirect = await startCheckout(t.app, buyer, 500);
    expect(redirect.origin).toBe('http://hullscope.test');
    expect(redirect.pathname).toMatch(/^\/api\/payments\/sandbox\/sbx_[\w-]+$/);
    const { sessionId } = sandboxLink(redirect);
    const purchase = (await purchasesOf(t.app, buyer.organisationId)).find(
      (row) => row.session_id === sessionId,
    );
    expect(purchase).toMatchObject({
      amount: 500,
      status: 'PENDING',
      payment_status: 'PENDING',
      provider: 'sandbox',
      net_cents: 19_900,
    });
    expect(await balance(t.app, buyer)).toBe(before);
    expect(await ledgerSum(t.app.database.db, buyer.organisationId)).toBe(before);
  });
});

describe('the sandbox checkout page', () => {
  it('is plainly marked, shows tier, net price and the VAT of the buyer country, and needs no script', async () => {
    const { path, token } = sandboxLink(await startCheckout(t.app, buyer, 100));
    const page = await t.app.inject({ method: 'GET', url: `${path}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Sandbox — no real payment');
    expect(page.body).toContain('100 Hullscope credits');
    expect(page.body).toContain('€49.00');
    expect(page.body).toContain('VAT 19% (Germany)');
    expect(page.body).toContain('€9.31');
    expect(page.body).toContain('€58.31');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain(`action="${path}/pay"`);
    expect(page.body).toContain(`action="${path}/cancel"`);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    // The choice the Buy Credits dialog names; unticked (no tax ID yet), its field stays hidden by CSS.
    expect(page.body).toContain('<label class="business" for="business">Purchasing as a business</label>');
    expect(page.body).toMatch(/<input type="checkbox" id="business" name="business" value="on">/);
    expect(page.body).toContain('#business:checked~.tax{display:block}');
  });

  it('shows the reverse charge for an EU business abroad with a VAT ID', async () => {
    const dutch = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, dutch, { country: 'NL', tax_id: 'NL123456789B01' });
    const { path, token } = sandboxLink(await startCheckout(t.app, dutch, 100));
    const page = await t.app.inject({ method: 'GET', url: `${path}?token=${token}` });
    expect(page.body).toContain('Reverse charge');
    expect(page.body).toContain('NL123456789B01');
    expect(page.body).toMatch(/<input type="checkbox" id="business" name="business" value="on" checked>/);
    expect(page.body).toMatch(/Total<\/td><td class="amount">€49\.00/);
  });
});

describe('sandbox Pay', () => {
  it('credits exactly once when submitted twice at the same time, and e-mails one receipt', async () => {
    const before = await balance(t.app, buyer);
    const redirect = await startCheckout(t.app, buyer, 100);
    const { path, sessionId, token } = sandboxLink(redirect);
    const answers = await Promise.all([
      postForm(t.app, `${path}/pay`, { token, tax_id: '' }),
      postForm(t.app, `${path}/pay`, { token, tax_id: '' }),
      postForm(t.app, `${path}/pay`, { token, tax_id: '' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe('http://hullscope.test/transactions?checkout=paid');
    }
    expect(await balance(t.app, buyer)).toBe(before + 100);
    expect(await ledgerSum(t.app.database.db, buyer.organisationId)).toBe(before + 100);
    const purchase = (await purchasesOf(t.app, buyer.organisationId)).find(
      (row) => row.session_id === sessionId,
    );
    expect(purchase).toMatchObject({
      status: 'PAID',
      payment_status: 'PAID',
      net_cents: 4900,
      tax_cents: 931,
      total_cents: 5831,
      vat_note: 'VAT 19% (Germany)',
    });

    // A later submission (back button, reload) changes nothing either.
    expect((await postForm(t.app, `${path}/pay`, { token })).statusCode).toBe(303);
    expect(await balance(t.app, buyer)).toBe(before + 100);

    const receipts = (await receiptsTo(buyer.registration.email)).filter((mail) =>
      mail.email.text?.includes(`Purchase ID: ${purchase?.id}\n`),
    );
    expect(receipts).toHaveLength(1);
    const text = receipts[0]?.email.text ?? '';
    expect(receipts[0]?.email.subject).toBe(
      `[Sandbox] Your Hullscope receipt: 100 credits (purchase ${purchase?.id})`,
    );
    expect(text).toContain('Credits: 100');
    expect(text).toContain('Net price: €49.00 (excluding VAT)');
    expect(text).toContain('VAT: €9.31 — VAT 19% (Germany)');
    expect(text).toContain('Total paid: €58.31');
    expect(text).toMatch(/Date: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('Keel & Sons Shipping');
    expect(text).toContain('Sandbox — no real payment');
    expect(receipts[0]?.email.html).toContain('Purchase ID');
  });

  it('saves the VAT ID entered at checkout on the company and applies the reverse charge', async () => {
    const austrian = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, austrian, { country: 'AT', name: 'Donau Tankers' });
    const { path, sessionId, token } = sandboxLink(await startCheckout(t.app, austrian, 100));
    const paid = await postForm(t.app, `${path}/pay`, { token, business: 'on', tax_id: 'ATU12345678' });
    expect(paid.statusCode).toBe(303);
    const company = await t.app.inject({ method: 'GET', url: '/api/company/', headers: austrian.headers });
    expect(company.json()).toMatchObject({ country: 'AT', name: 'Donau Tankers', tax_id: 'ATU12345678' });
    const purchase = (await purchasesOf(t.app, austrian.organisationId)).find(
      (row) => row.session_id === sessionId,
    );
    expect(purchase).toMatchObject({ status: 'PAID', tax_cents: 0, total_cents: 4900 });
    expect(purchase?.vat_note).toMatch(/^Reverse charge/);
    const receipt = await waitForMail(t.config.mail.outboxDir, austrian.registration.email, /receipt/);
    expect(receipt.email.text).toContain('VAT / tax ID: ATU12345678');
    expect(await balance(t.app, austrian)).toBe(150);
  });

  it('ignores a VAT ID left in the form when "Purchasing as a business" is not ticked', async () => {
    const belgian = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, belgian, { country: 'BE', name: 'Schelde Dredging' });
    const { path, sessionId, token } = sandboxLink(await startCheckout(t.app, belgian, 100));
    const paid = await postForm(t.app, `${path}/pay`, { token, tax_id: 'BE0123456789' });
    expect(paid.statusCode).toBe(303);
    const company = await t.app.inject({ method: 'GET', url: '/api/company/', headers: belgian.headers });
    expect(company.json()).toMatchObject({ country: 'BE', tax_id: '' });
    const purchase = (await purchasesOf(t.app, belgian.organisationId)).find(
      (row) => row.session_id === sessionId,
    );
    expect(purchase).toMatchObject({ status: 'PAID', tax_cents: 1029 });
  });

  it('refuses a VAT ID with a control character (400 on tax_id) and leaves the purchase pending', async () => {
    const { path, sessionId, token } = sandboxLink(await startCheckout(t.app, buyer, 100));
    const refused = await postForm(t.app, `${path}/pay`, {
      token,
      business: 'on',
      tax_id: 'DE12\u00003456789',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ tax_id: ['This field may not contain control characters.'] });
    const purchase = (await purchasesOf(t.app, buyer.organisationId)).find(
      (row) => row.session_id === sessionId,
    );
    expect(purchase?.status).toBe('PENDING');
  });
});

describe('sandbox Cancel', () => {
  it('credits nothing, closes the purchase as EXPIRED, and a later Pay cannot revive it: both say so', async () => {
    const before = await balance(t.app, buyer);
    const { path, sessionId, token } = sandboxLink(await startCheckout(t.app, buyer, 2000));
    const cancelled = await postForm(t.app, `${path}/cancel`, { token });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('http://hullscope.test/transactions?checkout=expired');
    const paidLater = await postForm(t.app, `${path}/pay`, { token });
    expect(paidLater.statusCode).toBe(303);
    expect(paidLater.headers.location).toBe('http://hullscope.test/transactions?checkout=expired');
    expect(await balance(t.app, buyer)).toBe(before);
    expect(await ledgerSum(t.app.database.db, buyer.organisationId)).toBe(before);
    const purchase = (await purchasesOf(t.app, buyer.organisationId)).find(
      (row) => row.session_id === sessionId,
    );
    expect(purchase).toMatchObject({ amount: 2000, status: 'EXPIRED', payment_status: 'EXPIRED' });
    const page = await t.app.inject({ method: 'GET', url: `${path}?token=${token}` });
    expect(page.body).toContain('This checkout is closed: the purchase is EXPIRED.');
    expect(page.body).not.toContain('<form');
  });

  it('after a Pay changes nothing and says the purchase was paid', async () => {
    const before = await balance(t.app, buyer);
    const { path, sessionId, token } = sandboxLink(await startCheckout(t.app, buyer, 100));
    const paid = await postForm(t.app, `${path}/pay`, { token });
    expect(paid.headers.location).toBe('http://hullscope.test/transactions?checkout=paid');
    const cancelledLater = await postForm(t.app, `${path}/cancel`, { token });
    expect(cancelledLater.statusCode).toBe(303);
    expect(cancelledLater.headers.location).toBe('http://hullscope.test/transactions?checkout=paid');
    expect(await balance(t.app, buyer)).toBe(before + 100);
    const purchase = (await purchasesOf(t.app, buyer.organisationId)).find(
      (row) => row.session_id === sessionId,
    );
    expect(purchase).toMatchObject({ status: 'PAID', payment_status: 'PAID' });
  });
});

describe('sandbox Pay and Cancel at the same time', () => {
  it('settle the purchase once, and both answers tell that one outcome', async () => {
    for (let round = 0; round < 6; round += 1) {
      const before = await balance(t.app, buyer);
      const { path, sessionId, token } = sandboxLink(await startCheckout(t.app, buyer, 100));
      // Alternate which one is sent first, so either can win.
      const actions = round % 2 === 0 ? ['pay', 'cancel'] : ['cancel', 'pay'];
      const answers = await Promise.all(
        actions.map((action) => postForm(t.app, `${path}/${action}`, { token })),
      );
      const purchase = (await purchasesOf(t.app, buyer.organisationId)).find(
        (row) => row.session_id === sessionId,
      );
      const told = purchase?.status === 'PAID' ? 'paid' : 'expired';
      for (const answer of answers) {
        expect(answer.statusCode).toBe(303);
        expect(answer.headers.location, `round ${round}`).toBe(
          `http://hullscope.test/transactions?checkout=${told}`,
        );
      }
      expect(purchase?.payment_status).toBe(purchase?.status);
      expect(await balance(t.app, buyer)).toBe(told === 'paid' ? before + 100 : before);
      expect(await ledgerSum(t.app.database.db, buyer.organisationId)).toBe(await balance(t.app, buyer));
    }
  });
});

describe("another user's purchase", () => {
  it('cannot be opened, paid or cancelled without its own link token, and never credits anyone else', async () => {
    const victim = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, victim, { country: 'FR' });
    const attacker = await signUp(t.app, t.config.mail.outboxDir);
    await setCompany(t.app, attacker, { country: 'FR' });
    const target = sandboxLink(await startCheckout(t.app, victim, 100));
    const own = sandboxLink(await startCheckout(t.app, attacker, 100));

    // A one-character change must fail too; pick a last character the real token does not have.
    const tampered = `${target.token.slice(0, -1)}${target.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of ['', own.token, tampered, 'x'.repeat(43)]) {
      const page = await t.app.inject({ method: 'GET', url: `${target.path}?token=${token}` });
      expect(page.statusCode).not.toBe(200);
      for (const action of ['pay', 'cancel']) {
        const answer = await postForm(t.app, `${target.path}/${action}`, { token });
        expect([400, 404], `${action} with ${token}`).toContain(answer.statusCode);
      }
    }
    // The attacker's bearer token proves nothing here: only the link's token opens the session.
    const asJson = await t.app.inject({
      method: 'POST',
      url: `${target.path}/pay`,
      headers: attacker.headers,
      payload: { token: own.token },
    });
    expect(asJson.statusCode).toBe(404);

    expect((await purchasesOf(t.app, victim.organisationId))[0]).toMatchObject({ status: 'PENDING' });
    expect(await balance(t.app, victim)).toBe(50);
    expect(await balance(t.app, attacker)).toBe(50);

    // Whoever holds the victim's link and pays, the credits are the victim's.
    expect((await postForm(t.app, `${target.path}/pay`, { token: target.token })).statusCode).toBe(303);
    expect(await balance(t.app, victim)).toBe(150);
    expect(await balance(t.app, attacker)).toBe(50);
    expect((await purchasesOf(t.app, attacker.organisationId))[0]).toMatchObject({ status: 'PENDING' });
  });

  it('answers 404 for an unknown session', async () => {
    const response = await postForm(t.app, '/api/payments/sandbox/sbx_unknown/pay', { token: 'nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
