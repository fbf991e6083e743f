import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, readSample } from './support/accounts';
import { saveScreenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { sharedPage } from './support/shared-page';

// Issue 40: particulars → the drawn hull plan → niches marked not inspected → the actions they give.

let server: RunningServer;
let page: Page;
let api: Awaited<ReturnType<typeof createConfirmedAccount>>['api'];

const menu = (name: string) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name });
const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const field = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));

const shared = sharedPage();

beforeAll(async () => {
  ({ server, page } = shared);
  const created = await createConfirmedAccount(server);
  api = created.api;
  await loginInBrowser(page, created.account);
});

describe('the hull plan and the compliance record', () => {
  it('adds a vessel with its particulars; a beam wider than the length is refused on the field', async () => {
    await menu('Vessels').click();
    await page.getByRole('button', { name: 'Add Vessel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Vessel' });
    await field(dialog, 'Name').fill('MV Kestrel');
    await field(dialog, 'Length Overall (m)').fill('30');
    await field(dialog, 'Beam (m)').fill('32');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('The beam must be less than the length overall.').waitFor();

    await field(dialog, 'Length Overall (m)').fill('189,9');
    await field(dialog, 'Beam (m)').fill('32.26');
    await field(dialog, 'Design Draught (m)').fill('12.5');
    await field(dialog, 'Propellers').fill('1');
    await field(dialog, 'Bow Thrusters').fill('2');
    await field(dialog, 'Sea Chests').fill('2');
    await dialog.getByRole('combobox', { name: 'Sea Chest Side' }).click();
    await page.getByRole('option', { name: 'Port and starboard' }).click();
    await dialog.getByRole('combobox', { name: 'Stabilisers' }).click();
    await page.getByRole('option', { name: 'Yes' }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await toast('Vessel successfully created').waitFor();
  });

  it("draws the vessel's plan from them: three views, its niches in the legend", async () => {
    await page
      .getByRole('row', { name: /MV Kestrel/ })
      .getByRole('link', { name: 'MV Kestrel' })
      .click();
    const plan = page.getByRole('region', { name: 'Hull Plan' });
    for (const view of ['Port side', 'Starboard side', 'Bottom (seen from below)']) {
      await plan.getByRole('img', { name: `Hull plan: ${view}` }).waitFor();
    }
    expect(await plan.locator('path[data-zone="bow_thruster"]').count()).toBe(4);
    expect(await plan.locator('path[data-zone="stabilisers"]').count()).toBeGreaterThan(0);
    await expect
      .poll(() => plan.getByRole('region', { name: 'Legend' }).textContent())
      .toContain('Stabilisers');
    await saveScreenshot(page, 'hull-plan', { fullPage: true });
  });

  it('marks two niches not inspected with reasons and rates one by eye; the actions follow', async () => {
    await menu('Projects').click();
    await page.getByRole('button', { name: 'Create Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create Project' });
    await field(create, 'Name').fill('Kestrel survey');
    await field(create, 'Location').fill('Rotterdam');
    await create.getByRole('combobox', { name: 'Vessel' }).click();
    await page.getByRole('option', { name: 'MV Kestrel' }).click();
    await field(create, 'Inspection date').fill('2026-03-14');
    await create.getByRole('button', { name: 'Create' }).click();
    await toast('Project successfully created').waitFor();
    await page.waitForURL(/\/projects\/\d+\/$/);

    await page.getByRole('button', { name: 'Areas & Actions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Areas and actions' });
    const choose = async (label: string, option: string) => {
      await dialog.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose('Status of Sea chest', 'Not inspected: not accessible');
    await choose('Status of Bow thruster', 'Not inspected: visibility too poor');
    await choose('Status of Rudder', 'Inspected');
    await choose('Inspector rating of Rudder', '3');
    await dialog.getByText('Entered by the inspector').waitFor();

    const actions = dialog.getByRole('region', { name: 'Actions' });
    await actions.getByText('Before the next voyage:').waitFor();
    const text = await actions.textContent();
    expect(text).toContain('Clean with capture of the removed material — Rudder');
    expect(text).toContain('Contingency inspection of the area — Sea chest, Bow thruster');
    expect(text).toContain('Rule: Rating 3 or worse');
    expect(text).toContain('Next inspection due: 2027-03-14');
    // The plan shows the niches not inspected in grey.
    await expect
      .poll(() => dialog.locator('path[data-zone="sea_chest"]').first().getAttribute('fill'))
      .toBe('#9e9e9e');
    // No photo was rated: the estimate says so, its source beside it.
    const fuel = dialog.getByRole('region', { name: 'Fuel penalty' });
    await fuel.getByText('Estimate', { exact: true }).waitFor();
    await fuel.getByText('No photo was rated: no estimate.').waitFor();
    await fuel.getByText(/doi:10\.1080\/08927010701461974/).waitFor();
    await dialog.locator('.MuiDialogContent-root').evaluate((content) => content.scrollTo(0, 0));
    await saveScreenshot(page, 'areas-and-actions');
  });

  it('drops a photo on the plan: its pin, dragged along the bottom, stays where it was let go', async () => {
    await page.keyboard.press('Escape');
    const projectId = Number(/\/projects\/(\d+)\//.exec(page.url())?.[1]);
    const form = new FormData();
    form.append('hull_zone', 'flat_bottom');
    form.append('images', await readSample('000015-gbEGjSAk6r.jpg'), 'bottom-1.jpg');
    await api('POST', `/api/projects/${projectId}/image-upload/`, form);

    await page.getByRole('button', { name: 'Areas & Actions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Areas and actions' });
    const pin = dialog.getByRole('button', { name: 'Photo 1: bottom-1.jpg (placed by zone)' });
    await pin.waitFor();
    const box = (await pin.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 60, y + 8, { steps: 6 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Photo 1: bottom-1.jpg (placed by hand)' }).waitFor();
    const pins = (await api('GET', `/api/projects/${projectId}/plan-pins/`)) as {
      pins: { view: string; placement: string; from_aft_m: number }[];
    };
    expect(pins.pins[0]).toMatchObject({ view: 'bottom', placement: 'dragged' });
    await saveScreenshot(page, 'photos-on-plan');
  });

  it('estimates the fuel penalty once a photo is rated, the source beside the figure', async () => {
    await page.keyboard.press('Escape');
    const projectId = Number(/\/projects\/(\d+)\//.exec(page.url())?.[1]);
    const images = (await api('GET', `/api/projects/${projectId}/image-details/`)) as { id: number }[];
    const models = (await api('GET', '/api/cvmodels/')) as { id: number; active: boolean }[];
    const resolutions = (await api('GET', '/api/resolutions/')) as { id: number; name: string }[];
    await api('POST', `/api/projects/${projectId}/request-predict/`, {
      model: models.find((model) => model.active)!.id,
      resolution: resolutions.find((resolution) => resolution.name === 'standard')!.id,
      images: images.map((image) => image.id),
    });
    await expect
      .poll(async () => ((await api('GET', '/api/request/current/')) as { request_id: number }).request_id, {
        timeout: 60_000,
      })
      .toBe(0);
    const estimate = (await api('GET', `/api/projects/${projectId}/fuel-penalty/`)) as {
      added_shaft_power_percent: { central: number } | null;
    };
    expect(estimate.added_shaft_power_percent?.central).toBeGreaterThan(0);

    // The prediction ran outside this page (through the API): come back to the project as a user would.
    await page.reload();
    await page.getByRole('button', { name: 'Areas & Actions' }).click();
    const fuel = page
      .getByRole('dialog', { name: 'Areas and actions' })
      .getByRole('region', { name: 'Fuel penalty' });
    await expect
      .poll(() => fuel.textContent(), { timeout: 10_000 })
      .toMatch(/more shaft power \(range [\d.]+ % to [\d.]+ %\)/);
    expect(await fuel.textContent()).toMatch(/doi:10\.1080\/08927010701461974/);
  });
});
