import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, realSamplesDir } from './support/accounts';
import type { RunningServer } from './support/server';
import { sharedPage } from './support/shared-page';

// Issue 18: an inspection record from the vessel to the filed PDF, through the real server.

const PREDICTION_TIMEOUT_MS = 180_000;
const samples = ['000022-x6lwoJexxL.jpg', '000015-gbEGjSAk6r.jpg'].map((name) =>
  path.join(realSamplesDir, name),
);
const projectName = 'Spring survey 2026';

let server: RunningServer;
let page: Page;

const menu = (name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name });
const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
/** The input labelled exactly `label` (MUI appends ' *' to required fields' labels). */
const field = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

const shared = sharedPage();

beforeAll(async () => {
  ({ server, page } = shared);
  const { account } = await createConfirmedAccount(server);
  await loginInBrowser(page, account);
});

describe('an inspection record', () => {
  it('adds a vessel with its IMO number and flag', async () => {
    await menu('Vessels').click();
    await page.getByRole('button', { name: 'Add Vessel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vessel' });
    await field(dialog, 'Name').fill('MV Nordstern');
    await field(dialog, 'IMO Number').fill('IMO 9074729');
    await dialog.getByRole('combobox', { name: 'Flag' }).click();
    await page.getByRole('option', { name: 'Norway' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await toast('Vessel successfully created').waitFor();
    await page.getByRole('row', { name: /MV Nordstern/ }).waitFor();
  });

  it('creates an inspection of it with its details', async () => {
    await menu('Projects').click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Project' });
    await field(dialog, 'Name').fill(projectName);
    await field(dialog, 'Location').fill('Bergen anchorage');
    await dialog.getByRole('combobox', { name: 'Vessel' }).click();
    await page.getByRole('option', { name: 'MV Nordstern' }).click();
    await field(dialog, 'Inspection date').fill('2026-03-14');
    await dialog.getByRole('combobox', { name: 'Inspection method' }).click();
    await page.getByRole('option', { name: 'ROV (remotely operated vehicle)' }).click();
    await field(dialog, 'Inspector').fill('Subsea Survey AS');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toast('Project successfully created').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/projects\/\d+\/$/);
    // At once (well within the lists' 10 s freshness), the vessel lists it as its latest inspection.
    await menu('Vessels').click();
    const row = page.getByRole('row', { name: /MV Nordstern/ });
    await row.filter({ hasText: '2026-03-14' }).waitFor();
    await row.filter({ hasText: 'IMO rating: not rated' }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/projects\/\d+\/$/);
  });

  it('uploads two photos of the flat bottom and predicts them', async () => {
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Images' });
    await upload.locator('input[type=file]').first().setInputFiles(samples);
    await upload.getByRole('combobox', { name: 'Hull zone' }).click();
    await page.getByRole('option', { name: 'Flat bottom' }).click();
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast('Uploaded images successfully').waitFor();
    await upload.waitFor({ state: 'hidden' });

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
    await toast(/Prediction \d+ scheduled/).waitFor();
    await toast(/Prediction \d+ finished: 2 images/).waitFor({ timeout: PREDICTION_TIMEOUT_MS });
  });

  it('opens the inspection summary: the flat bottom rated from both photos, the worst one opening the viewer', async () => {
    await page.getByRole('button', { name: 'Inspection Summary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inspection summary' });
    const table = dialog.getByRole('table', { name: 'Inspection summary per hull zone' });
    const row = table.getByRole('row', { name: /Flat bottom/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('2 of 2');
    expect(await row.locator('[data-rating]').count()).toBe(1);
    await row.getByRole('img', { name: /^Coverage: / }).waitFor();
    const worst = (await row.getByRole('button').last().textContent()) ?? '';
    expect(samples.map((sample) => path.basename(sample))).toContain(worst);

    await row.getByRole('button', { name: worst }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/projects\/\d+\/images\/\d+\/$/);
    await page.getByTestId('prediction-overlay').waitFor();
  });

  it("pins the flat bottom's photos on the plan, one opening the viewer, and estimates the fuel penalty (issue 40)", async () => {
    await page.getByRole('button', { name: 'Areas & Actions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Areas and actions' });
    const fuel = dialog.getByRole('region', { name: 'Fuel penalty' });
    await fuel.getByText(/^About \d+\.\d % more shaft power \(range/).waitFor();
    await fuel.getByText(/Schultz, M\.P\. \(2007\)/).waitFor();
    const pins = dialog.getByRole('button', { name: /^Photo \d+: / });
    await expect.poll(() => pins.count()).toBe(2);
    await pins.first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/projects\/\d+\/images\/\d+\/$/);
    await page.getByTestId('prediction-overlay').waitFor();
  });

  it('downloads the inspection report as a PDF named after the project', async () => {
    const button = page.getByRole('button', { name: 'Download Inspection Report' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await toast('Inspection report downloaded').waitFor();
    expect(download.suggestedFilename()).toBe(`${projectName}-inspection-report.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Compact (issue 45 §2): cover; scale, summary and the zone's worst photo; the rest.
    const pages = (file: Buffer) => file.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
    // The areas, actions and fuel estimate, then the hull plan on a page of its own (issue 40).
    expect(pages(pdf)).toBe(5);

    const everyPhoto = page.getByRole('button', { name: 'With all photos' });
    const [all] = await Promise.all([page.waitForEvent('download'), everyPhoto.click()]);
    expect(all.suggestedFilename()).toBe(`${projectName}-inspection-report-all-photos.pdf`);
    const allPdf = await readFile(await all.path());
    expect(allPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages(allPdf)).toBeGreaterThanOrEqual(pages(pdf));
  });

  it("shows the vessel's latest inspection, its rating and the trend", async () => {
    await menu('Vessels').click();
    const row = page.getByRole('row', { name: /MV Nordstern/ });
    await row.filter({ hasText: '2026-03-14' }).waitFor();
    expect(await row.locator('[data-rating]').count()).toBe(1);
    await row.getByRole('img', { name: /^Macrofouling .* over 1 rated inspection$/ }).waitFor();
    await row.getByRole('link', { name: 'MV Nordstern' }).click();
    const trend = page.getByRole('region', { name: 'Fouling trend' });
    await trend.getByRole('img', { name: /^Fouling trend: Macrofouling / }).waitFor();
    const inspections = page.getByRole('table', { name: 'Inspections of this vessel' });
    await inspections.getByRole('link', { name: projectName }).click();
    await page.waitForURL(/\/projects\/\d+\/$/);
  });
});
