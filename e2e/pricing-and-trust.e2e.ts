import { describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser } from './support/accounts';
import { paintHullImage } from './support/images';
import { pagePerTest } from './support/page-per-test';

// Issue 22: what a reviewer pays for a small photo, what a cancelled purchase looks like, and the
// account's safeguards (password rules before submitting, the password before deleting).

const PREDICTION_TIMEOUT_MS = 180_000;

const app = pagePerTest();

/** The input labelled exactly `label` (MUI appends ' *' to required fields' labels). */
const field = (label: string) => app.page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

describe('fair pricing', () => {
  it('charges a 640 px photo at Full HD the Standard price, says so, and the ledger shows it', async () => {
    const { account, api } = await createConfirmedAccount(app.server);
    const project = (await api('POST', '/api/projects/', { name: 'Small photos', location: 'Kiel' })) as {
      id: number;
    };
    const form = new FormData();
    form.append(
      'images',
      new Blob([new Uint8Array(await paintHullImage(app.browser, 640, 480))], { type: 'image/png' }),
      'small.png',
    );
    await api('POST', `/api/projects/${project.id}/image-upload/`, form);

    await loginInBrowser(app.page, account);
    await app.page.getByRole('combobox', { name: 'Select a project' }).click();
    await app.page.getByRole('option', { name: 'Small photos' }).click();
    await app.page.getByRole('button', { name: 'Schedule Prediction' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Schedule a Prediction Run' });
    await dialog.getByRole('combobox', { name: 'Model' }).click();
    await app.page.getByRole('option').first().click();
    await dialog.getByRole('combobox', { name: 'Resolution' }).click();
    await app.page.getByRole('option', { name: /^Full HD.*2 credits per image$/ }).click();
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await dialog.getByRole('button', { name: 'Validate Data' }).click();
    await dialog
      .locator('.MuiAlert-colorSuccess')
      .filter({
        hasText: /for 1 credits .*no larger than 800 px.*Standard \(max 800 px\), 1 credit per image/,
      })
      .waitFor();
    const costs = dialog.getByRole('table', { name: 'Cost per image' });
    await costs
      .getByRole('row', { name: /small\.png 1 Standard \(max 800 px\): no larger than 800 px/ })
      .waitFor();
    await costs.getByRole('row', { name: /Total 1 1 credit/ }).waitFor();
    await dialog.getByRole('button', { name: 'Run Prediction' }).click();
    await app.page.getByTestId('credit-badge').filter({ hasText: '49' }).waitFor();
    await expect
      .poll(async () => ((await api('GET', '/api/request/current/')) as { request_id: number }).request_id, {
        timeout: PREDICTION_TIMEOUT_MS,
        interval: 500,
      })
      .toBe(0);

    await app.page.goto('/transactions/');
    const table = app.page.getByRole('table', { name: 'Your Transactions' });
    const row = table.getByRole('row').filter({ hasText: 'Small photos' });
    await row.waitFor();
    expect(await row.textContent()).toContain('at the Standard (max 800 px) price (no larger than 800 px)');
    expect((await row.getByRole('cell').last().textContent())?.trim()).toBe('-1');
    expect(await row.getByText('Charged').count()).toBe(1);
  });
});

describe('the ledger', () => {
  it('shows a cancelled purchase greyed, unsigned and marked Cancelled, after the sandbox checkout offered the business choice', async () => {
    const { account, api } = await createConfirmedAccount(app.server);
    await api('PATCH', '/api/company/update/', { name: 'Nordsee Reederei GmbH', country: 'DE' });
    await loginInBrowser(app.page, account);
    await app.page.goto('/transactions/');
    await app.page.getByRole('button', { name: 'Buy Credits' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Buy Credits' });
    await dialog.getByText('tick “Purchasing as a business” to enter your VAT or tax ID').waitFor();
    await dialog.getByRole('combobox', { name: 'Amount' }).click();
    await app.page.getByRole('option', { name: /^100 Credits/ }).click();
    await dialog.getByRole('button', { name: 'Go to checkout' }).click();
    await app.page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/'));
    expect(await app.page.title()).toBe('Checkout · Hullscope');
    const business = app.page.getByLabel('Purchasing as a business');
    const taxId = app.page.getByLabel('VAT / tax ID');
    expect(await taxId.isVisible()).toBe(false);
    await business.check();
    expect(await taxId.isVisible()).toBe(true);
    await app.page.getByRole('button', { name: 'Cancel' }).click();
    await app.page.waitForURL('**/transactions?checkout=expired');

    const row = app.page
      .getByRole('table', { name: 'Your Transactions' })
      .getByRole('row')
      .filter({ hasText: 'Cancelled' });
    await row.waitFor();
    const amount = row.getByRole('cell').last();
    expect((await amount.textContent())?.trim()).toBe('100not credited');
    // The theme's secondary text grey: the disabled one was too faint to read (issue 45 §10).
    expect(await amount.evaluate((cell) => getComputedStyle(cell).color)).toBe('rgb(74, 93, 115)');
    expect(await row.locator('.MuiChip-root').textContent()).toBe('Cancelled');
    expect(await app.page.title()).toBe('Transactions · Hullscope');
  });
});

describe('account safeguards', () => {
  it('states the password rules under the new password before anything is submitted', async () => {
    await app.page.goto('/user/register');
    const password = field('Password');
    await password.waitFor();
    const description = await password.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toMatch(/^At least 8 characters, not only digits, not a common password/);
    expect(await app.page.title()).toBe('Sign up · Hullscope');
  });

  it('asks for the current password before deleting the account, refusing a wrong one', async () => {
    const { account } = await createConfirmedAccount(app.server);
    await loginInBrowser(app.page, account);
    await app.page.goto('/account/');
    await app.page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Delete User Account' });
    await dialog.getByText('unused credits, purchased ones included, are lost').waitFor();
    const password = dialog.getByLabel(/^Current Password/);
    await password.fill('Not-the-password-1');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText('Your password was entered incorrectly. Please enter it again.').waitFor();
    expect(new URL(app.page.url()).pathname).toBe('/account/');

    await password.fill(account.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await app.page.waitForURL('**/user/login');
    await app.page.getByText('Your account was successfully deleted').waitFor();
  });
});
