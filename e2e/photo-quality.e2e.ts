import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, realSamplesDir } from './support/accounts';
import { saveScreenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { sharedPage } from './support/shared-page';

// Issue 46: a clear and a murky photo of one zone, through the real server and Chromium: one graded
// good, one poor with the reason, and the poor one shown but left out of the zone's rating.

const PREDICTION_TIMEOUT_MS = 180_000;
const clear = path.join(realSamplesDir, '000022-x6lwoJexxL.jpg');

let server: RunningServer;
let page: Page;
let folder: string;
let murky: string;

const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const tile = (name: string) => page.getByRole('listitem').filter({ hasText: name });

/** The clear photo under 85 % of turbid green water, as a diver's camera would see it in murk. */
async function murkyCopy(): Promise<string> {
  const { data, info } = await sharp(clear).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const water = [74, 107, 94];
  for (let index = 0; index < data.length; index += 1) {
    data[index] = Math.round(data[index]! * 0.15 + water[index % 3]! * 0.85);
  }
  const file = path.join(folder, 'murky-000022.jpg');
  await sharp(data, { raw: info }).jpeg({ quality: 92 }).toFile(file);
  return file;
}

const shared = sharedPage();

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'hullscope-e2e-quality-'));
  murky = await murkyCopy();
  ({ server, page } = shared);
  const { account } = await createConfirmedAccount(server);
  await loginInBrowser(page, account);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('photo quality', () => {
  it('grades a clear photo good and a murky one poor in the grid, the viewer giving the reason', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create Project' });
    await create.getByLabel(/^Name\s*\*?$/).fill('Murky water survey');
    await create.getByLabel(/^Location\s*\*?$/).fill('Rotterdam');
    await create.getByRole('button', { name: 'Create' }).click();
    await toast('Project successfully created').waitFor();
    await page.waitForURL(/\/projects\/\d+\/$/);

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Images' });
    await upload.locator('input[type=file]').first().setInputFiles([clear, murky]);
    await upload.getByRole('combobox', { name: 'Hull zone' }).click();
    await page.getByRole('option', { name: 'Flat bottom' }).click();
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast('Uploaded images successfully').waitFor();
    await upload.waitFor({ state: 'hidden' });

    await tile('000022-x6lwoJexxL.jpg').locator('[data-quality="good"]').waitFor();
    await tile('murky-000022.jpg').locator('[data-quality="poor"]').waitFor();
    await tile('murky-000022.jpg')
      .getByRole('button', { name: /murky-000022\.jpg/ })
      .first()
      .click();
    const reasons = page.getByTestId('image-quality');
    await reasons.locator('[data-quality="poor"]').waitFor();
    expect(await reasons.textContent()).toMatch(/Low contrast: murky water or haze/);
    await saveScreenshot(page, 'photo-quality');
  });

  it('filters the grid by quality', async () => {
    await page.getByRole('combobox', { name: 'Photo quality' }).click();
    await page.getByRole('option', { name: 'Poor' }).click();
    await expect.poll(() => page.locator('[data-quality]').count()).toBeGreaterThan(0);
    expect(await tile('000022-x6lwoJexxL.jpg').count()).toBe(0);
    await tile('murky-000022.jpg').waitFor();
    await page.getByRole('combobox', { name: 'Photo quality' }).click();
    await page.getByRole('option', { name: 'Any' }).click();
    await tile('000022-x6lwoJexxL.jpg').waitFor();
  });

  it('rates the zone from the clear photo alone, the murky one listed as left out', async () => {
    await page.getByRole('button', { name: 'Schedule Prediction' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule a Prediction Run' });
    await schedule.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option').first().click();
    await schedule.getByRole('combobox', { name: 'Resolution' }).click();
    await page.getByRole('option', { name: /^Standard/ }).click();
    await schedule.getByRole('button', { name: 'Select All', exact: true }).click();
    await schedule.getByRole('button', { name: 'Validate Data' }).click();
    await schedule.locator('.MuiAlert-colorSuccess').waitFor();
    await schedule.getByRole('button', { name: 'Run Prediction' }).click();
    await toast(/Prediction \d+ finished: 2 images/).waitFor({ timeout: PREDICTION_TIMEOUT_MS });

    await page.getByRole('button', { name: 'Inspection Summary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inspection summary' });
    const row = dialog.getByRole('row', { name: /Flat bottom/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('2 of 2');
    expect(await row.getByTestId('zone-left-out').textContent()).toBe('1 poor left out');
    expect(await row.getByRole('button').last().textContent()).toBe('000022-x6lwoJexxL.jpg');
    await dialog.getByTestId('excluded-photos').waitFor();
    await dialog.getByRole('button', { name: 'Show the photos of Flat bottom' }).click();
    const photos = dialog.getByRole('list', { name: 'Photos of Flat bottom, worst first' });
    const murkyItem = photos.getByRole('listitem').filter({ hasText: 'murky-000022.jpg' });
    await murkyItem.getByTestId('left-out').waitFor();
    await murkyItem.locator('[data-quality="poor"]').waitFor();
    const clearItem = photos.getByRole('listitem').filter({ hasText: '000022-x6lwoJexxL.jpg' });
    expect(await clearItem.getByTestId('left-out').count()).toBe(0);
    await saveScreenshot(page, 'photo-quality-summary');

    await dialog.getByRole('switch', { name: 'Count poor-quality photos in ratings' }).click();
    await expect.poll(() => row.getByTestId('zone-left-out').count()).toBe(0);
    expect(await murkyItem.getByTestId('left-out').count()).toBe(0);
  });
});
