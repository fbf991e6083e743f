import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser } from './support/accounts';
import { launchBrowser, newPage, screenshotDir } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Issue 40 §1's alternative: the ship's own GA drawing uploaded on the vessel page, zones placed on it.

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let vesselId: number;

/** A plain side elevation: hull outline and waterline, as a GA sheet exported to PNG would show it. */
function gaDrawingPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500">
    <rect width="1600" height="500" fill="white"/>
    <path d="M60 120 L1450 120 L1560 200 L1500 420 L120 420 L60 300 Z" fill="none" stroke="black" stroke-width="4"/>
    <line x1="60" y1="330" x2="1560" y2="330" stroke="#1565c0" stroke-width="2"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, server.url));
  const created = await createConfirmedAccount(server);
  const vessel = (await created.api('POST', '/api/vessels/', { name: 'MV Arrangement' })) as { id: number };
  vesselId = vessel.id;
  await loginInBrowser(page, created.account);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe("the ship's own GA drawing", () => {
  it('refuses an SVG drawing with the reason, then takes a PNG', async () => {
    await page.goto(`/vessels/${vesselId}/`);
    const card = page.getByRole('region', { name: 'GA Drawing' });
    await card.getByText('No GA drawing yet').waitFor();
    await card.getByLabel('GA drawing file').setInputFiles({
      name: 'ga.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await card.getByText(/export the drawing as PNG or JPEG/).waitFor();
    await card.getByLabel('GA drawing file').setInputFiles({
      name: 'ga.png',
      mimeType: 'image/png',
      buffer: await gaDrawingPng(),
    });
    await card.getByRole('img', { name: /GA drawing with its zones/ }).waitFor();
    await card.getByText(/1600×500 pixels/).waitFor();
  });

  it('places a zone by dragging on the drawing and another by numbers; both are kept', async () => {
    const card = page.getByRole('region', { name: 'GA Drawing' });
    await card.getByRole('combobox', { name: 'Zone to place' }).click();
    await page.getByRole('option', { name: 'Rudder', exact: true }).click();
    // The menu fades out over the drawing: wait until it is gone before pressing there.
    await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
    const figure = card.getByRole('img', { name: /GA drawing with its zones/ });
    await figure.scrollIntoViewIfNeeded();
    const box = (await figure.boundingBox())!;
    // The drawing is 1,600 pixels wide: from (70, 300) to (150, 410) in its pixels.
    const at = (x: number, y: number) =>
      [box.x + (x / 1600) * box.width, box.y + (y / 500) * box.height] as const;
    await page.mouse.move(...at(70, 300));
    await page.mouse.down();
    await page.mouse.move(...at(110, 350), { steps: 4 });
    await page.mouse.move(...at(150, 410), { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(async () => Math.abs(Number(await card.getByLabel('Left (px)').inputValue()) - 70))
      .toBeLessThanOrEqual(3);

    await card.getByRole('combobox', { name: 'Zone to place' }).click();
    await page.getByRole('option', { name: 'Vertical side (port)', exact: true }).click();
    for (const [label, value] of [
      ['Left (px)', '200'],
      ['Top (px)', '130'],
      ['Width (px)', '1200'],
      ['Height (px)', '190'],
    ] as const) {
      await card.getByLabel(label).fill(value);
    }
    await card.getByRole('button', { name: 'Save zones' }).click();
    await expect.poll(() => card.getByText(/2 zones placed/).count()).toBe(1);

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'GA Drawing' });
    await reloaded.locator('[data-zone="rudder"] rect').waitFor();
    expect(await reloaded.locator('[data-zone="vertical_side_port"] rect').getAttribute('width')).toBe(
      '1200',
    );
    // The card alone: the page above it is the drawn plan, which hull-plan.png shows.
    await page.mouse.move(0, 0);
    await reloaded.screenshot({ path: path.join(screenshotDir, 'ga-drawing.png'), animations: 'disabled' });
  });
});
