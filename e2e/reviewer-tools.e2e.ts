import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, loginInBrowser, readSample } from './support/accounts';
import type { RunningServer } from './support/server';
import { sharedPage } from './support/shared-page';

const PREDICTION_TIMEOUT_MS = 180_000;
const samples = ['000015-gbEGjSAk6r.jpg', '000018-dqrONtdjbt.jpg', '000112-Eg0gnVJjIm.jpg'];
const projectName = 'Reviewer survey';

let server: RunningServer;
let page: Page;
let projectId: number;
let imageIds: number[];
let model: { id: number; name: string };

const toast = (text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });
const imageButton = (name: string) =>
  page.getByRole('list', { name: 'Project images' }).getByRole('button', { name, exact: true });
const pathname = () => new URL(page.url()).pathname;
const zoomLevel = () => page.getByTestId('zoom-level').textContent();
const overlayClip = () =>
  page.getByTestId('prediction-overlay').evaluate((element) => (element as HTMLElement).style.clipPath);

const shared = sharedPage();

beforeAll(async () => {
  ({ server, page } = shared);

  // A project of three photos; the first already has a prediction (scheduled through the API).
  const { account, api } = await createConfirmedAccount(server);
  const project = (await api('POST', '/api/projects/', { name: projectName, location: 'Kiel' })) as {
    id: number;
  };
  projectId = project.id;
  const form = new FormData();
  for (const name of samples) form.append('images', await readSample(name), name);
  const uploaded = (await api('POST', `/api/projects/${projectId}/image-upload/`, form)) as {
    data: { id: number }[];
  };
  imageIds = uploaded.data.map((image) => image.id);
  const models = (await api('GET', '/api/cvmodels/')) as { id: number; name: string; active: boolean }[];
  const resolutions = (await api('GET', '/api/resolutions/')) as { id: number; name: string }[];
  model = models.find((candidate) => candidate.active)!;
  await api('POST', `/api/projects/${projectId}/request-predict/`, {
    model: model.id,
    resolution: resolutions.find((resolution) => resolution.name === 'standard')!.id,
    images: [imageIds[0]],
  });
  // Outside a test expect.poll is not available: wait for the run by hand.
  const deadline = Date.now() + PREDICTION_TIMEOUT_MS;
  while (((await api('GET', '/api/request/current/')) as { request_id: number }).request_id !== 0) {
    if (Date.now() > deadline) throw new Error('the first prediction did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await loginInBrowser(page, account);
}, PREDICTION_TIMEOUT_MS + 60_000);

// A reviewer's tools on the projects page (issue 22), in order on one page.
describe('reviewing a project of several images', () => {
  it('opens the project and image a shared link names, and keeps them on reload and back', async () => {
    await page.goto(`/projects/${projectId}/images/${imageIds[0]}/`);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Select a project' }).textContent())
      .toContain(projectName);
    await expect.poll(() => imageButton(samples[0]!).getAttribute('aria-pressed')).toBe('true');
    // Each thumbnail shows its number of predictions.
    await expect.poll(() => page.getByTestId('prediction-count').allTextContents()).toEqual(['1', '0', '0']);

    await page.reload();
    await expect.poll(() => imageButton(samples[0]!).getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('prediction-overlay').waitFor();

    await imageButton(samples[1]!).click();
    await page.waitForURL(`**/projects/${projectId}/images/${imageIds[1]}/`);
    await page.goBack();
    await page.waitForURL(`**/projects/${projectId}/images/${imageIds[0]}/`);
    await expect.poll(() => imageButton(samples[0]!).getAttribute('aria-pressed')).toBe('true');
  });

  it('zooms by buttons and wheel, splits original and prediction at a slider, and goes full screen', async () => {
    await page.getByTestId('prediction-overlay').waitFor();
    expect(await zoomLevel()).toBe('100 %');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(zoomLevel).not.toBe('100 %');
    await page.getByRole('button', { name: 'Fit to view' }).click();
    await expect.poll(zoomLevel).toBe('100 %');
    const stage = page.getByTestId('zoom-stage');
    await stage.scrollIntoViewIfNeeded();
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(zoomLevel).not.toBe('100 %');
    await page.getByRole('button', { name: 'Fit to view' }).click();

    expect(await overlayClip()).toBe('');
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await expect.poll(overlayClip).toBe('inset(0px 0px 0px 50%)');
    await page.getByRole('slider', { name: 'Split position' }).focus();
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(overlayClip).toBe('inset(0px 0px 0px 60%)');
    // The arrow keys moved the slider, not the image.
    expect(pathname()).toBe(`/projects/${projectId}/images/${imageIds[0]}/`);

    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label')))
      .toBe('Predictions');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  });

  it('goes to the next and previous image by the arrow keys and buttons', async () => {
    // The URL changes first and the pager re-renders for the new image just after; a press or a
    // click in between still acts from the image it shows, so each step waits for its position.
    const shows = async (index: number) => {
      await page.waitForURL(`**/images/${imageIds[index]}/`);
      await expect
        .poll(() => page.getByTestId('image-position').textContent())
        .toBe(`${index + 1} of ${imageIds.length}`);
    };
    // The pager knows the order once the images are listed.
    await expect.poll(() => imageButton(samples[0]!).getAttribute('aria-pressed')).toBe('true');
    await shows(0);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    await shows(1);
    await expect.poll(() => imageButton(samples[1]!).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Next image' }).click();
    await shows(2);
    expect(await page.getByRole('button', { name: 'Next image' }).isDisabled()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await shows(1);
    await page.getByRole('button', { name: 'Previous image' }).click();
    await shows(0);
  });

  it('schedules the images without this prediction and announces the end of the run', async () => {
    await page.getByRole('button', { name: 'Schedule Prediction' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a Prediction Run' });
    await dialog.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: new RegExp(`^${model.name}`) }).click();
    await dialog.getByRole('combobox', { name: 'Resolution' }).click();
    await page.getByRole('option', { name: /^Standard/ }).click();
    await dialog.getByRole('button', { name: 'Select images without this prediction' }).click();
    await dialog.getByRole('button', { name: 'Images: 2 of 3 selected' }).waitFor();
    const group = dialog.getByRole('group', { name: 'Images to predict' });
    expect(
      await group
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).checked)),
    ).toEqual([false, true, true]);
    await dialog.getByRole('button', { name: 'Validate Data' }).click();
    await dialog.locator('.MuiAlert-colorSuccess').waitFor();
    await dialog.getByRole('button', { name: 'Run Prediction' }).click();
    await toast(/Prediction \d+ scheduled/).waitFor();
    await toast(/^Prediction \d+ finished: 2 images$/).waitFor({ timeout: PREDICTION_TIMEOUT_MS });
    await expect.poll(() => page.getByTestId('prediction-count').allTextContents()).toEqual(['1', '1', '1']);
  });

  it('deletes several ticked images after the confirmation', async () => {
    await page.getByRole('checkbox', { name: `Select ${samples[1]}` }).check();
    await page.getByRole('checkbox', { name: `Select ${samples[2]}` }).check();
    await page.getByTestId('checked-count').filter({ hasText: '2 of 3 selected' }).waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 images?' });
    await dialog.getByText('This action is permanent!').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast('Deleted 2 images successfully').waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Project images' }).getByRole('button').count())
      .toBe(1);
    await imageButton(samples[0]!).waitFor();
  });
});
