import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, realSamplesDir } from './support/accounts';
import { saveScreenshot } from './support/browser';
import { paintHullImage } from './support/images';
import { waitForMailLink } from './support/outbox';
import type { RunningServer } from './support/server';
import { sharedPage } from './support/shared-page';

const PREDICTION_TIMEOUT_MS = 180_000;
const account = newAccount('Anna');
const projectName = 'Baltic Trader hull survey';
const realSample = path.join(realSamplesDir, '000022-x6lwoJexxL.jpg');

let server: RunningServer;
let browser: Browser;
let page: Page;
let consoleErrors: string[];

const menu = (name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name });
const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

const shared = sharedPage();

beforeAll(async () => {
  ({ server, browser, page, consoleErrors } = shared);
});

// One user's whole journey through the real server, step by step in order (issue 4).
describe('a new customer from sign-up to downloaded results', () => {
  it('registers with a company e-mail address', async () => {
    await page.goto('/user/register');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('First Name').fill(account.first_name);
    await page.getByLabel('Last Name').fill(account.last_name);
    await page.getByLabel('Password', { exact: false }).first().fill(account.password);
    await page.getByLabel('Repeat Password').fill(account.password);
    await saveScreenshot(page, 'register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await toast('Registered successfully').waitFor();
    await page.waitForURL('**/user/finalize-registration');
    await page.getByText('Please check your e-mail to complete your registration').waitFor();
  });

  it('confirms the e-mail address with the link from the outbox', async () => {
    const link = await waitForMailLink(server.outboxDir, account.email, '/user/confirm-registration');
    await page.goto(link);
    await toast('Your email has been confirmed. You can now login.').waitFor();
    await page.waitForURL('**/user/login');
  });

  it('signs in and sees the shell with the welcome line and 50 free credits', async () => {
    await page.getByLabel('username').fill(account.username);
    await page.getByLabel('password').fill(account.password);
    await saveScreenshot(page, 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast('Logged in successfully').waitFor();
    // The router moves to / once the page's lazily loaded chunk has arrived (issue 21).
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByTestId('welcome')
      .filter({ hasText: `Welcome, ${account.first_name}` })
      .waitFor();
    await page.getByRole('button', { name: 'Credits: 50' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('refresh_token'))).toBeTruthy();
  });

  it('enters the company data on the account page', async () => {
    await menu('Account').click();
    await page.getByRole('heading', { name: /^Your User Data \(ID: \d+\)$/ }).waitFor();
    const company = page.getByRole('form', { name: 'Your Company Data' });
    await company.getByLabel('Company Name').fill('Nordsee Reederei GmbH');
    await company.getByLabel('Address', { exact: true }).fill('Kaiserkai 12');
    await company.getByLabel('ZIP Code').fill('20457');
    await company.getByLabel('City').fill('Hamburg');
    await company.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await company.getByRole('button', { name: 'Save Company Data' }).click();
    await toast('Updated company data successfully').waitFor();
    await saveScreenshot(page, 'account');
  });

  it('creates a project', async () => {
    await menu('Projects').click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    await dialog.getByLabel('Name').fill(projectName);
    await dialog.getByLabel('Location').fill('Kiel, dry dock 2');
    await dialog.getByLabel('Description').fill('Annual in-water inspection, starboard side');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('Project successfully created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Select a project' }).textContent())
      .toBe(projectName);
  });

  it('uploads two images, one picked and one dropped, with a progress bar per file', async () => {
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Images' });
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);

    await dialog.locator('input[type=file][aria-label="Add images"]').setInputFiles(realSample);
    const painted = await paintHullImage(browser);
    const dataTransfer = await page.evaluateHandle((bytes: number[]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'starboard-midship.png', { type: 'image/png' }));
      return transfer;
    }, Array.from(painted));
    await dialog.getByTestId('upload-drop-zone').dispatchEvent('drop', { dataTransfer });

    await dialog.getByText(path.basename(realSample)).waitFor();
    await dialog.getByText('starboard-midship.png').waitFor();
    expect(await dialog.getByRole('progressbar').count()).toBe(2);
    await saveScreenshot(page, 'upload-dialog');
    await upload.click();
    await toast('Uploaded images successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const images = page.getByRole('list', { name: 'Project images' }).getByRole('button');
    await expect.poll(() => images.count()).toBe(2);
  });

  it('validates and runs a prediction on both images', async () => {
    await page.getByRole('button', { name: 'Schedule Prediction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a Prediction Run' });
    const validate = dialog.getByRole('button', { name: 'Validate Data' });
    const run = dialog.getByRole('button', { name: 'Run Prediction' });
    expect(await validate.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('combobox', { name: 'Resolution' }).click();
    await page.getByRole('option', { name: /^Standard/ }).click();
    expect(await validate.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Select All', exact: true }).click();
    expect(await run.isDisabled()).toBe(true);
    await validate.click();
    await dialog.locator('.MuiAlert-colorSuccess').waitFor();
    await saveScreenshot(page, 'schedule-dialog');
    expect(await run.isEnabled()).toBe(true);
    await run.click();
    await toast(/Prediction \d+ scheduled/).waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows the running request with its progress until it is done', async () => {
    const running = page.getByRole('status').filter({ hasText: /Prediction \d+ Running!/ });
    await running.waitFor();
    expect(await page.getByRole('button', { name: 'Schedule Prediction' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Download All Project Data' }).isDisabled()).toBe(true);
    await page
      .getByTestId('prediction-progress')
      .filter({ hasText: /\d+ \/ 2 images done/ })
      .waitFor();
    await running.waitFor({ state: 'detached', timeout: PREDICTION_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Credits: 48' }).waitFor();
  });

  it('shows the prediction of a selected image over the original, with an opacity slider', async () => {
    await page.getByRole('button', { name: path.basename(realSample) }).click();
    const predictions = page.getByRole('list', { name: 'Predictions' }).getByRole('button');
    await expect.poll(() => predictions.count()).toBe(1);
    expect(await predictions.first().getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('image-size').filter({ hasText: '512x512' }).waitFor();
    const overlay = page.getByTestId('prediction-overlay');
    await overlay.waitFor();
    expect(await overlay.evaluate((element) => getComputedStyle(element).opacity)).toBe('0.5');
    const slider = page.getByRole('slider', { name: 'Opacity' });
    await slider.focus();
    for (let step = 0; step < 25; step += 1) await page.keyboard.press('ArrowRight');
    await page.getByTestId('opacity-value').filter({ hasText: '0.75' }).waitFor();
    expect(await overlay.evaluate((element) => getComputedStyle(element).opacity)).toBe('0.75');
    expect(
      await page.getByRole('list', { name: 'Class percentages' }).getByRole('listitem').count(),
    ).toBeGreaterThan(1);
    await saveScreenshot(page, 'projects', { fullPage: true });
  });

  it('downloads the whole project as a ZIP named by the server', async () => {
    const button = page.getByRole('button', { name: 'Download All Project Data' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await toast('Images successfully downloaded').waitFor();
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const file = await readFile(await download.path());
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.length).toBeGreaterThan(1000);
  });

  it('lists the debit of the run on the transactions page, newest first', async () => {
    await page.getByRole('button', { name: 'Credits: 48' }).click();
    await page.waitForURL('**/transactions/');
    await page.getByTestId('credits-available').filter({ hasText: '48' }).waitFor();
    expect(await page.getByRole('button', { name: 'Buy Credits' }).isEnabled()).toBe(true);
    const table = page.getByRole('table', { name: 'Your Transactions' });
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Transaction-ID',
      'Date',
      'Request-ID',
      'Project',
      '# Images',
      'Resolution',
      'Status',
      'Amount',
    ]);
    const newest = table.getByRole('row').nth(1);
    await newest.filter({ hasText: projectName }).waitFor();
    const cells = await newest.getByRole('cell').allTextContents();
    expect(cells[4]).toBe('2');
    expect(cells[7]).toBe('-2');
    await table.getByRole('row').filter({ hasText: '+50' }).waitFor();
    await saveScreenshot(page, 'transactions');
  });

  it('logs out, clearing the local storage', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/user/login');
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await page.goto('/projects/');
    await page.waitForURL('**/user/login');
  });

  it('logged no API validation errors on the way', () => {
    expect(consoleErrors.filter((message) => message.includes('API Validation Error'))).toEqual([]);
  });
});
