import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, newAccount, readSample } from './support/accounts';
import { launchBrowser, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const PREDICTION_TIMEOUT_MS = 180_000;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
/** The input labelled exactly `label` (MUI appends ' *' to required fields' labels). */
const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

beforeEach(async () => {
  ({ context, page } = await newPage(browser, server.url));
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('what the web app refuses or reports', () => {
  it("shows 'Not Found' for an unknown route, signed out and inside the shell", async () => {
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.goto('/legal/no-such-document/');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();

    const { account } = await createConfirmedAccount(server);
    await loginInBrowser(page, account);
    await page.goto('/help/deeper/page');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  it('sends a visitor of a shell page to the login', async () => {
    await page.goto('/transactions/');
    await page.waitForURL('**/user/login');
    await page.getByRole('heading', { name: /^Sign in to / }).waitFor();
  });

  it('reports a wrong password in a toast and stays on the login', async () => {
    const { account } = await createConfirmedAccount(server);
    await page.goto('/user/login');
    await page.getByLabel('username').fill(account.username);
    await page.getByLabel('password').fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(/^Something went wrong, please check your credentials: .+/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  it('shows the registration rules on the fields, and the server refusals as one toast per field', async () => {
    const taken = (await createConfirmedAccount(server)).account;
    await page.goto('/user/register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByText('Required', { exact: true }).count()).toBe(6);

    const account = newAccount('Jonas');
    await field('Username').fill(taken.username);
    await field('Email').fill('jonas-at-reederei');
    await field('First Name').fill(account.first_name);
    await field('Last Name').fill(account.last_name);
    await field('Password').fill(account.password);
    await field('Repeat Password').fill(`${account.password}x`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please enter a valid email').waitFor();
    await page.getByText('Password repeat must equal the new password').waitFor();

    await field('Email').fill(taken.email);
    await field('Repeat Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await toast(/^Username: .*already exists/).waitFor();
    await toast(/^Email: .*already exists/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/register');
  });

  it('refuses a free-mail address', async () => {
    const account = newAccount('Lena');
    await page.goto('/user/register');
    await field('Username').fill(account.username);
    await field('Email').fill(`${account.username}@gmail.com`);
    await field('First Name').fill(account.first_name);
    await field('Last Name').fill(account.last_name);
    await field('Password').fill(account.password);
    await field('Repeat Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await toast(/^Email: .*company e-mail/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/register');
  });

  it('keeps Buy Credits disabled until the company country is set, then opens the checkout', async () => {
    const { account, api } = await createConfirmedAccount(server);
    await loginInBrowser(page, account);
    await page.goto('/transactions/');
    const buy = page.getByRole('button', { name: 'Buy Credits' });
    await buy.waitFor();
    expect(await buy.isDisabled()).toBe(true);
    await page
      .getByText(
        'Please enter your company information in the account settings before you can purchase Credits.',
      )
      .waitFor();

    await api('PATCH', '/api/company/update/', { name: 'Nordsee Reederei GmbH', country: 'DE' });
    await page.reload();
    await expect.poll(() => buy.isEnabled()).toBe(true);
    await buy.click();
    const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
    await dialog.getByRole('combobox', { name: 'Amount' }).click();
    const option = page.getByRole('option').first();
    const amount = Number((await option.textContent())?.match(/^(\d+) Credits/)?.[1]);
    expect(amount).toBeGreaterThan(0);
    await option.click();
    await dialog.getByRole('button', { name: 'Go to checkout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/transactions'));
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/transactions?checkout=paid');
    await page.getByText('The Credits have been added to your account.', { exact: false }).waitFor();
    await page
      .getByTestId('credits-available')
      .filter({ hasText: String(50 + amount) })
      .waitFor();
  });

  it('refuses to run the same prediction twice on an image', async () => {
    const { account, api } = await createConfirmedAccount(server);
    const project = (await api('POST', '/api/projects/', {
      name: 'Repeat survey',
      location: 'Bremerhaven',
    })) as {
      id: number;
    };
    const form = new FormData();
    form.append('images', await readSample('000112-Eg0gnVJjIm.jpg'), '000112-Eg0gnVJjIm.jpg');
    const uploaded = (await api('POST', `/api/projects/${project.id}/image-upload/`, form)) as {
      data: { id: number }[];
    };
    const models = (await api('GET', '/api/cvmodels/')) as { id: number; name: string; active: boolean }[];
    const resolutions = (await api('GET', '/api/resolutions/')) as {
      id: number;
      display_name: string;
      active: boolean;
    }[];
    const model = models.find((candidate) => candidate.active);
    const resolution = resolutions.find((candidate) => candidate.active);
    expect(model, 'an active model').toBeDefined();
    expect(resolution, 'an active resolution').toBeDefined();
    await api('POST', `/api/projects/${project.id}/request-predict/`, {
      model: model!.id,
      resolution: resolution!.id,
      images: uploaded.data.map((image) => image.id),
    });
    await expect
      .poll(async () => ((await api('GET', '/api/request/current/')) as { request_id: number }).request_id, {
        timeout: PREDICTION_TIMEOUT_MS,
        interval: 500,
      })
      .toBe(0);

    await loginInBrowser(page, account);
    await page.getByRole('combobox', { name: 'Select a project' }).click();
    await page.getByRole('option', { name: 'Repeat survey' }).click();
    await page.getByRole('button', { name: 'Schedule Prediction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a Prediction Run' });
    await dialog.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: new RegExp(`^${model!.name}`) }).click();
    await dialog.getByRole('combobox', { name: 'Resolution' }).click();
    await page
      .getByRole('option', { name: new RegExp(`^${resolution!.display_name.replace(/[()]/g, '\\$&')}`) })
      .click();
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    await dialog.getByRole('button', { name: 'Validate Data' }).click();
    await dialog
      .locator('.MuiAlert-colorWarning')
      .filter({ hasText: /already/ })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Run Prediction' }).isDisabled()).toBe(true);
  });
});
