import { describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, newAccount, readSample } from './support/accounts';
import { pagePerTest } from './support/page-per-test';

const PREDICTION_TIMEOUT_MS = 180_000;

const app = pagePerTest();

const toast = (text: string | RegExp) => app.page.getByRole('alert').filter({ hasText: text });
/** The input labelled exactly `label` (MUI appends ' *' to required fields' labels). */
const field = (label: string) => app.page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

describe('what the web app refuses or reports', () => {
  it("shows 'Not Found' for an unknown route, signed out and inside the shell", async () => {
    await app.page.goto('/no/such/page');
    await app.page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await app.page.goto('/legal/no-such-document/');
    await app.page.getByRole('heading', { name: 'Not Found' }).waitFor();

    const { account } = await createConfirmedAccount(app.server);
    await loginInBrowser(app.page, account);
    await app.page.goto('/help/deeper/page');
    await app.page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await app.page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  });

  it('sends a visitor of a shell page to the login', async () => {
    await app.page.goto('/transactions/');
    await app.page.waitForURL('**/user/login');
    await app.page.getByRole('heading', { name: /^Sign in to / }).waitFor();
  });

  it('reports a wrong password in a toast and stays on the login', async () => {
    const { account } = await createConfirmedAccount(app.server);
    await app.page.goto('/user/login');
    await app.page.getByLabel('username').fill(account.username);
    await app.page.getByLabel('password').fill('Not-the-password-1');
    await app.page.getByRole('button', { name: 'Sign in' }).click();
    await toast(/^Something went wrong, please check your credentials: .+/).waitFor();
    expect(new URL(app.page.url()).pathname).toBe('/user/login');
    expect(await app.page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  });

  it('shows the registration rules on the fields, and the server refusals as one toast per field', async () => {
    const taken = (await createConfirmedAccount(app.server)).account;
    await app.page.goto('/user/register');
    await app.page.getByRole('button', { name: 'Sign up' }).click();
    expect(await app.page.getByText('Required', { exact: true }).count()).toBe(6);

    const account = newAccount('Jonas');
    await field('Username').fill(taken.username);
    await field('Email').fill('jonas-at-reederei');
    await field('First Name').fill(account.first_name);
    await field('Last Name').fill(account.last_name);
    await field('Password').fill(account.password);
    await field('Repeat Password').fill(`${account.password}x`);
    await app.page.getByRole('button', { name: 'Sign up' }).click();
    await app.page.getByText('Please enter a valid email').waitFor();
    await app.page.getByText('Password repeat must equal the new password').waitFor();

    await field('Email').fill(taken.email);
    await field('Repeat Password').fill(account.password);
    await app.page.getByRole('button', { name: 'Sign up' }).click();
    await toast(/^Username: .*already exists/).waitFor();
    await toast(/^Email: .*already exists/).waitFor();
    expect(new URL(app.page.url()).pathname).toBe('/user/register');
  });

  it('refuses a free-mail address', async () => {
    const account = newAccount('Lena');
    await app.page.goto('/user/register');
    await field('Username').fill(account.username);
    await field('Email').fill(`${account.username}@gmail.com`);
    await field('First Name').fill(account.first_name);
    await field('Last Name').fill(account.last_name);
    await field('Password').fill(account.password);
    await field('Repeat Password').fill(account.password);
    await app.page.getByRole('button', { name: 'Sign up' }).click();
    await toast(/^Email: .*company e-mail/).waitFor();
    expect(new URL(app.page.url()).pathname).toBe('/user/register');
  });

  it('keeps Buy Credits disabled until the company country is set, then opens the checkout', async () => {
    const { account, api } = await createConfirmedAccount(app.server);
    await loginInBrowser(app.page, account);
    await app.page.goto('/transactions/');
    const buy = app.page.getByRole('button', { name: 'Buy Credits' });
    await buy.waitFor();
    expect(await buy.isDisabled()).toBe(true);
    await app.page
      .getByText(
        'Please enter your company information in the account settings before you can purchase Credits.',
      )
      .waitFor();

    await api('PATCH', '/api/company/update/', { name: 'Nordsee Reederei GmbH', country: 'DE' });
    await app.page.reload();
    await expect.poll(() => buy.isEnabled()).toBe(true);
    await buy.click();
    const dialog = app.page.getByRole('dialog', { name: 'Buy Credits' });
    await dialog.getByRole('combobox', { name: 'Amount' }).click();
    const option = app.page.getByRole('option').first();
    const amount = Number((await option.textContent())?.match(/^(\d+) Credits/)?.[1]);
    expect(amount).toBeGreaterThan(0);
    await option.click();
    await dialog.getByRole('button', { name: 'Go to checkout' }).click();
    await app.page.waitForURL((url) => !url.pathname.startsWith('/transactions'));
    await app.page.getByRole('button', { name: 'Pay' }).click();
    await app.page.waitForURL('**/transactions?checkout=paid');
    await app.page.getByText('The Credits have been added to your account.', { exact: false }).waitFor();
    await app.page
      .getByTestId('credits-available')
      .filter({ hasText: String(50 + amount) })
      .waitFor();
  });

  it('refuses to run the same prediction twice on an image', async () => {
    const { account, api } = await createConfirmedAccount(app.server);
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

    await loginInBrowser(app.page, account);
    await app.page.getByRole('combobox', { name: 'Select a project' }).click();
    await app.page.getByRole('option', { name: 'Repeat survey' }).click();
    await app.page.getByRole('button', { name: 'Schedule Prediction' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Schedule a Prediction Run' });
    await dialog.getByRole('combobox', { name: 'Model' }).click();
    await app.page.getByRole('option', { name: new RegExp(`^${model!.name}`) }).click();
    await dialog.getByRole('combobox', { name: 'Resolution' }).click();
    await app.page
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
