import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { postForm, purchasesOf, sandboxLink, setCompany, startCheckout } from '../../support/billing.js';
import { pdfPages } from '../../support/pdf.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let buyer: SignedInUser;
let stranger: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
  await setCompany(t.app, buyer, { country: 'FR', name: 'Armement Dupont' });
});
afterAll(() => t.close());

async function openPurchase(): Promise<{ id: number; path: string; token: string }> {
  const redirect = await startCheckout(t.app, buyer, 100);
  const link = sandboxLink(redirect);
  const row = (await purchasesOf(t.app, buyer.organisationId)).find(
    (purchase) => purchase.session_id === link.sessionId,
  );
  return { id: row!.id, path: link.path, token: link.token };
}

const post = (url: string, user: SignedInUser) =>
  t.app.inject({ method: 'POST', url, headers: user.headers });
const get = (url: string, user: SignedInUser) => t.app.inject({ method: 'GET', url, headers: user.headers });

describe('cancelling a purchase left at checkout (issue 45 §10)', () => {
  it('closes it as cancelled, after which its checkout takes no payment', async () => {
    const purchase = await openPurchase();
    expect(await post(`/api/transactions/${purchase.id}/cancel/`, stranger)).toMatchObject({
      statusCode: 404,
    });
    const cancelled = await post(`/api/transactions/${purchase.id}/cancel/`, buyer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ id: purchase.id, status: 'EXPIRED' });

    const paid = await postForm(t.app, `${purchase.path}/pay`, { token: purchase.token });
    expect(paid.headers.location).toContain('checkout=expired');
    const row = (await purchasesOf(t.app, buyer.organisationId)).find(
      (candidate) => candidate.id === purchase.id,
    );
    expect(row).toMatchObject({ status: 'EXPIRED', payment_status: 'EXPIRED' });
    expect(await post(`/api/transactions/${purchase.id}/cancel/`, buyer)).toMatchObject({ statusCode: 409 });
  });

  it('refuses a paid purchase and rows that are not purchases', async () => {
    const purchase = await openPurchase();
    await postForm(t.app, `${purchase.path}/pay`, { token: purchase.token });
    expect(await post(`/api/transactions/${purchase.id}/cancel/`, buyer)).toMatchObject({ statusCode: 409 });
    const rows = (await get('/api/transactions/', buyer)).json<{ id: number; kind: string }[]>();
    const bonus = rows.find((row) => row.kind === 'signup_bonus')!;
    expect(await post(`/api/transactions/${bonus.id}/cancel/`, buyer)).toMatchObject({ statusCode: 404 });
  });
});

describe('the checkout expiry', () => {
  it('lets a sandbox checkout lapse instead of taking payment once it has expired', async () => {
    const purchase = await openPurchase();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      const paid = await postForm(t.app, `${purchase.path}/pay`, { token: purchase.token });
      expect(paid.headers.location).toContain('checkout=expired');
    } finally {
      vi.useRealTimers();
    }
    const row = (await purchasesOf(t.app, buyer.organisationId)).find(
      (candidate) => candidate.id === purchase.id,
    );
    expect(row).toMatchObject({ status: 'EXPIRED' });
  });
});

describe('the invoice of a paid purchase', () => {
  it('is a PDF naming seller, buyer with the country name, net, VAT and total', async () => {
    const purchase = await openPurchase();
    expect(await get(`/api/transactions/${purchase.id}/invoice/`, buyer)).toMatchObject({ statusCode: 409 });
    await postForm(t.app, `${purchase.path}/pay`, { token: purchase.token });

    expect(await get(`/api/transactions/${purchase.id}/invoice/`, stranger)).toMatchObject({
      statusCode: 404,
    });
    const response = await get(`/api/transactions/${purchase.id}/invoice/`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `hullscope-invoice-HS-${String(purchase.id).padStart(6, '0')}.pdf`,
    );
    const [page] = await pdfPages(response.rawPayload);
    expect(page).toContain('Invoice (sandbox, not valid)');
    expect(page).toContain('Hullscope Maritime Analytics GmbH');
    expect(page).toContain('Armement Dupont');
    expect(page).toContain('France');
    expect(page).toContain('100 Hullscope credits');
    expect(page).toContain('€49.00');
    expect(page).toContain('VAT 20% (France)');
    expect(page).toContain('€9.80');
    expect(page).toContain('€58.80');
  });
});
