import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginInBrowser } from './support/accounts';
import {
  createAnalysedProject,
  PREDICTION_TIMEOUT_MS,
  type ModelClassInfo,
} from './support/analysed-project';
import { axeFindings } from './support/axe';
import { downloadedPdfText } from './support/pdf-download';
import type { RunningServer } from './support/server';
import { sharedPage } from './support/shared-page';

// Issue 39: review → correct → sign → reopen in Chromium against the real server.

const PHOTOS = 6;
const projectName = 'Verified survey';

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: (method: string, url: string, body?: unknown) => Promise<unknown>;
let projectId: number;
let imageIds: number[];
let classes: ModelClassInfo[];

const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const canvas = () => page.getByTestId('mask-editor-canvas');
const legendText = () => page.getByRole('list', { name: 'Class percentages' }).textContent();
const viewerRating = () =>
  page
    .getByRole('region', { name: 'Prediction result' })
    .locator('[data-rating]')
    .getAttribute('data-rating');

/** The first class of a fouling category, by label. */
const classOf = (category: ModelClassInfo['fouling_category']) =>
  classes.find((entry) => entry.fouling_category === category)!;

/** The colour the editor's canvas shows at a share of its width and height. */
const canvasColourAt = (x: number, y: number) =>
  canvas().evaluate(
    (element, [fx, fy]) => {
      const node = element as HTMLCanvasElement;
      const pixel = node
        .getContext('2d')!
        .getImageData(Math.floor(node.width * fx!), Math.floor(node.height * fy!), 1, 1).data;
      return `#${[pixel[0], pixel[1], pixel[2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
    },
    [x, y],
  );

/** Drags the mouse across the canvas between shares of its size, in steps a hand would make. */
async function drag(points: [number, number][]) {
  await canvas().scrollIntoViewIfNeeded();
  // The editor fits the canvas to its stage once laid out: drag where it has settled, not where it was.
  let box = (await canvas().boundingBox())!;
  await expect
    .poll(async () => {
      const settled = (await canvas().boundingBox())!;
      const same = JSON.stringify(settled) === JSON.stringify(box);
      box = settled;
      return same;
    })
    .toBe(true);
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const;
  // Nothing may lie over the canvas where the stroke starts (a menu's backdrop still fading out on a
  // busy machine would take the drag and the stroke would never begin).
  await expect
    .poll(() =>
      page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, at(points[0]!) as [number, number]),
    )
    .toBe('CANVAS');
  await page.mouse.move(...at(points[0]!));
  await page.mouse.down();
  for (const point of points.slice(1)) await page.mouse.move(...at(point), { steps: 12 });
  await page.mouse.up();
}

async function chooseClass(label: string, field = 'Class') {
  await page.getByRole('region', { name: 'Mask editor' }).getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: new RegExp(`${label}$`) }).click();
  // The menu's fading backdrop would take the next drag: wait until the menu is gone, backdrop and all.
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  await expect.poll(() => page.locator('.MuiPopover-root').count()).toBe(0);
}

async function pdfText(buttonName: string): Promise<string> {
  const button = page.getByRole('button', { name: buttonName });
  await expect.poll(() => button.isEnabled()).toBe(true);
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return downloadedPdfText(download);
}

const shared = sharedPage();

beforeAll(async () => {
  ({ server, browser, page } = shared);
  const project = await createAnalysedProject(server, browser, projectName, PHOTOS);
  ({ api, projectId, imageIds } = project);
  classes = project.model.classes;
  await loginInBrowser(page, project.account);
}, PREDICTION_TIMEOUT_MS + 120_000);

describe('a verified inspection record', () => {
  let summaryBefore = '';

  it('corrects a mask: paints, undoes, redoes and saves; the viewer shows the recomputed figures', async () => {
    await page.goto(`/projects/${projectId}/`);
    await page.getByRole('button', { name: 'Inspection Summary' }).click();
    const summary = page.getByRole('dialog', { name: 'Inspection summary' });
    await summary.getByRole('table').first().waitFor();
    summaryBefore = (await summary.textContent()) ?? '';
    await page.keyboard.press('Escape');

    await page.goto(`/projects/${projectId}/images/${imageIds[0]}/`);
    await page.getByTestId('prediction-overlay').waitFor();
    const percentagesBefore = await legendText();
    await page.getByRole('button', { name: 'Correct mask' }).click();
    await canvas().waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    expect(await axeFindings(page, 'section[aria-label="Mask editor"]')).toEqual([]);

    // A brush stroke of the macrofouling class across the middle.
    const macro = classOf('macrofouling');
    await chooseClass(macro.label);
    for (let press = 0; press < 6; press += 1) await page.keyboard.press(']');
    const before = await canvasColourAt(0.5, 0.5);
    await drag([
      [0.2, 0.5],
      [0.8, 0.5],
    ]);
    await expect
      .poll(() => canvasColourAt(0.5, 0.5), { timeout: 10_000 })
      .toBe(macro.hex_color.toLowerCase());
    await page.keyboard.press('Control+z');
    await expect.poll(() => canvasColourAt(0.5, 0.5), { timeout: 10_000 }).toBe(before);
    await page.keyboard.press('Control+Shift+z');
    await expect
      .poll(() => canvasColourAt(0.5, 0.5), { timeout: 10_000 })
      .toBe(macro.hex_color.toLowerCase());

    // The lasso fills the whole photo with it: the rating must become heavy macrofouling.
    await page.keyboard.press('l');
    await drag([
      [0.001, 0.001],
      [0.999, 0.001],
      [0.999, 0.999],
      [0.001, 0.999],
    ]);
    await expect
      .poll(() => canvasColourAt(0.05, 0.95), { timeout: 10_000 })
      .toBe(macro.hex_color.toLowerCase());

    await page.getByRole('button', { name: 'Save mask' }).click();
    await toast(/Mask saved as version 1/).waitFor();
    await page.getByTestId('prediction-overlay').waitFor();
    await expect.poll(legendText).not.toBe(percentagesBefore);
    await expect.poll(viewerRating).toBe('4');
    await page.getByTestId('mask-version-1').waitFor();
    expect(await page.getByTestId('mask-version-1').textContent()).toContain('% of pixels changed');

    // Any version can be saved again as the newest: the model's own, then the correction.
    await page.getByRole('button', { name: 'Restore version 0' }).click();
    await toast('Version 0 restored as version 2.').waitFor();
    await expect.poll(legendText).toBe(percentagesBefore);
    expect(await page.getByTestId('mask-version-2').textContent()).toContain('restored version 0');
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await toast('Version 1 restored as version 3.').waitFor();
    await expect.poll(viewerRating).toBe('4');
  });

  it('shows the correction in the inspection summary and the PDF report', async () => {
    await page.getByRole('button', { name: 'Inspection Summary' }).click();
    const summary = page.getByRole('dialog', { name: 'Inspection summary' });
    await summary.getByRole('table').first().waitFor();
    await expect.poll(async () => (await summary.textContent()) ?? '').not.toBe(summaryBefore);
    expect(await summary.locator('[data-rating="4"]').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    const text = await pdfText('Download Inspection Report');
    expect(text).toMatch(/Heavy macrofouling/);
    expect(text).toMatch(/reviewed/i);
  });

  it('reviews five photos from the queue with the keyboard', async () => {
    await page.goto(`/projects/${projectId}/`);
    await expect
      .poll(() => page.getByTestId('review-progress').first().textContent())
      .toBe(`1 of ${PHOTOS} reviewed`);
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.waitForURL(`**/projects/${projectId}/review/`);
    const progress = page.getByTestId('review-progress');
    await expect.poll(() => progress.textContent()).toBe(`1 of ${PHOTOS} reviewed`);
    await page.getByTestId('prediction-overlay').waitFor();
    // The queue's own controls (the viewer below is the projects page's, checked in accessibility.e2e.ts).
    expect(await axeFindings(page, 'section[aria-label="Review progress"]')).toEqual([]);

    // The first in the queue is corrected (C opens the editor), the other four accepted (A).
    await page.getByTestId('prediction-overlay').waitFor();
    await page.keyboard.press('c');
    await canvas().waitFor();
    await chooseClass(classOf('none').label);
    await drag([
      [0.3, 0.3],
      [0.6, 0.6],
    ]);
    await page.keyboard.press('Control+s');
    await toast(/Mask saved as version 1/).waitFor();
    await expect.poll(() => progress.textContent()).toBe(`2 of ${PHOTOS} reviewed`);
    for (let reviewed = 3; reviewed <= PHOTOS; reviewed += 1) {
      await page.getByTestId('prediction-overlay').waitFor();
      await page.keyboard.press('a');
      await expect.poll(() => progress.textContent()).toBe(`${reviewed} of ${PHOTOS} reviewed`);
    }
    await page.getByText('Every analysed photo of this project is reviewed.').waitFor();
  });

  it('signs the inspection; a mask edit is then refused', async () => {
    await page.goto(`/projects/${projectId}/`);
    await page.getByRole('button', { name: 'Sign inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign the inspection' });
    await dialog.getByLabel(/^Name/).fill('Jana Petersen');
    await dialog.getByLabel(/^Position/).fill('Superintendent');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await toast('Inspection signed as revision 1.').waitFor();
    await expect
      .poll(() => page.getByTestId('signature').textContent())
      .toMatch(/Jana Petersen, Superintendent · revision 1/);
    await expect.poll(() => page.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);

    await page.goto(`/projects/${projectId}/images/${imageIds[0]}/`);
    await page.getByTestId('prediction-overlay').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Correct mask' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('correct-disabled-reason').textContent()).toMatch(/reopen/i);

    // The API refuses the edit itself, whatever a page offers.
    const prediction = await predictionOf(imageIds[0]!);
    const refused = await api(
      'POST',
      `/api/projects/${projectId}/predictionset/${prediction}/masks/0/restore/`,
    ).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/answered 409: .*signed/);
  });

  it('reopens with a reason; the next signature is revision 2 of the report', async () => {
    await page.goto(`/projects/${projectId}/`);
    await page.getByRole('button', { name: 'Reopen inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reopen the inspection' });
    await dialog.getByLabel(/^Reason/).fill('The flat bottom photos were retaken.');
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    await toast('Inspection reopened.').waitFor();
    await expect
      .poll(() => page.getByTestId('signature').textContent())
      .toMatch(/next signature is revision 2/);

    await page.getByRole('button', { name: 'Sign inspection' }).click();
    const sign = page.getByRole('dialog', { name: 'Sign the inspection' });
    await sign.getByLabel(/^Name/).fill('Jana Petersen');
    await sign.getByLabel(/^Position/).fill('Superintendent');
    await sign.getByRole('button', { name: 'Sign' }).click();
    await toast('Inspection signed as revision 2.').waitFor();
    const report = (await api('GET', `/api/projects/${projectId}/revisions/2/report.json`)) as {
      revision?: number;
    };
    expect(report.revision).toBe(2);
    expect(await pdfText('Download Inspection Report')).toMatch(/Revision\s+2/i);
  });
});

/** The image's (only) prediction. */
async function predictionOf(imageId: number): Promise<number> {
  const thumbnails = (await api(
    'GET',
    `/api/projects/${projectId}/image/${imageId}/prediction-thumbnails/`,
  )) as {
    thumbnails: { prediction_id: number }[];
  };
  return thumbnails.thumbnails[0]!.prediction_id;
}
