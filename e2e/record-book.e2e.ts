import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser } from './support/accounts';
import { downloadedPdfText } from './support/pdf-download';
import type { RunningServer } from './support/server';
import { sharedPage } from './support/shared-page';

// Issue 40 §6, §7: sign an inspection, read the vessel's Record Book and download its PDF; link a
// before/after pair of inspections as a cleaning and open its comparison.

let server: RunningServer;
let page: Page;
let api: (method: string, url: string, body?: unknown) => Promise<unknown>;
let vesselId: number;
let beforeId: number;

const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** An inspection of the vessel with every area decided by the diver; two areas not accessible. */
async function decidedInspection(name: string, date: string, rating: number): Promise<number> {
  const project = (await api('POST', '/api/projects/', {
    name,
    location: 'Rotterdam',
    vessel: vesselId,
    inspection_date: date,
    inspection_method: 'diver',
    inspector: 'Hull Divers BV',
  })) as { id: number };
  const areas = (await api('GET', `/api/projects/${project.id}/inspection-areas/`)) as {
    areas: { hull_zone: string }[];
  };
  const notInspected = ['sea_chest', 'rudder'];
  await api(
    'PATCH',
    `/api/projects/${project.id}/inspection-areas/update/`,
    Object.fromEntries(
      areas.areas.map((area) => [
        area.hull_zone,
        notInspected.includes(area.hull_zone)
          ? { status: 'not_inspected', not_inspected_reason: 'not_accessible' }
          : { status: 'inspected', inspector_rating: rating, antifouling_condition: 'intact' },
      ]),
    ),
  );
  return project.id;
}

const shared = sharedPage();

beforeAll(async () => {
  ({ server, page } = shared);
  const session = await createConfirmedAccount(server);
  api = session.api;
  vesselId = (
    (await api('POST', '/api/vessels/', { name: 'MV Kittiwake', imo_number: 'IMO 9074729' })) as {
      id: number;
    }
  ).id;
  beforeId = await decidedInspection('Before cleaning', '2026-05-02', 3);
  await decidedInspection('After cleaning', '2026-05-06', 0);
  await loginInBrowser(page, session.account);
});

describe('the Record Book and before/after cleaning', () => {
  it('signs an inspection, shows it in the Record Book and downloads the book as a PDF', async () => {
    await page.goto(`/projects/${beforeId}/`);
    await page.getByRole('button', { name: 'Sign inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign the inspection' });
    await dialog.getByLabel(/^Name/).fill('Jana Petersen');
    await dialog.getByLabel(/^Position/).fill('Chief Officer');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await toast('Inspection signed as revision 1.').waitFor();

    await page.goto(`/vessels/${vesselId}/`);
    const book = page.getByRole('region', { name: 'Record Book' });
    const entry = book.getByRole('article', { name: 'Entry 1' });
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('In-water inspection, 2026-05-02');
    expect(text).toContain('Sea chest: Not accessible');
    expect(text).toContain('Jana Petersen, Chief Officer');
    expect(text).toMatch(/Revision 1 · SHA-256 [0-9a-f]{64}/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      book.getByRole('button', { name: 'Download Record Book (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('MV Kittiwake-record-book.pdf');
    const pdf = await downloadedPdfText(download);
    expect(pdf).toContain('Biofouling Record Book');
    expect(pdf).toContain('Rudder: Not accessible');
    expect(pdf).toContain('Jana Petersen, Chief Officer');
  });

  it('links the two inspections as before and after a cleaning and opens the comparison', async () => {
    await page.goto(`/vessels/${vesselId}/`);
    await page.getByRole('button', { name: 'Link Before and After Cleaning' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link Before and After Cleaning' });
    await dialog.getByRole('combobox', { name: 'Inspection Before' }).click();
    await page.getByRole('option', { name: /^Before cleaning/ }).click();
    await dialog.getByRole('combobox', { name: 'Inspection After' }).click();
    await page.getByRole('option', { name: /^After cleaning/ }).click();
    await dialog.getByLabel(/^Date of Cleaning/).fill('2026-05-08');
    await dialog.getByLabel(/^Cleaning Company/).fill('Clean Hulls Ltd');
    await dialog.getByLabel(/^Method/).fill('ROV brush cart');
    await dialog.getByLabel('Removed material captured').check();
    await dialog.getByRole('button', { name: 'Link' }).click();
    // After the inspection after it: refused on the field, nothing stored.
    await dialog.getByText('The cleaning is dated after the inspection after it.').waitFor();
    await dialog.getByLabel(/^Date of Cleaning/).fill('2026-05-04');
    await dialog.getByRole('button', { name: 'Link' }).click();
    await toast('Cleaning recorded').waitFor();

    const cleanings = page.getByRole('table', { name: 'Cleanings of this vessel' });
    await cleanings.getByText('Clean Hulls Ltd').waitFor();
    await page
      .getByRole('region', { name: 'Record Book' })
      .getByRole('article', { name: 'Entry 2' })
      .waitFor();
    await cleanings.getByRole('link', { name: 'Compare' }).click();
    const zones = page.getByRole('table', { name: 'Zones before and after the cleaning' });
    const bottom = zones.getByRole('row').filter({ hasText: 'Flat bottom' });
    await bottom.waitFor();
    expect(await bottom.textContent()).toMatch(
      /IMO rating 3: Medium macrofouling.*IMO rating 0: No fouling.*Improved/,
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Comparison Report' }).click(),
    ]);
    const pdf = await downloadedPdfText(download);
    expect(pdf).toContain('Before and after cleaning');
    expect(pdf).toContain('Clean Hulls Ltd');
  });
});
