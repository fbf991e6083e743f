import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginInBrowser } from './support/accounts';
import {
  createAnalysedProject,
  PREDICTION_TIMEOUT_MS,
  type ModelClassInfo,
} from './support/analysed-project';
import type { RunningServer } from './support/server';
import { readZip } from './support/zip';
import { sharedPage } from './support/shared-page';

// Issue 39 §5 and §7 in Chromium: the agreement figures of a project and of the organisation, and the
// reviewed dataset as the browser downloads it.

const PHOTOS = 3;

let server: RunningServer;
let browser: Browser;
let page: Page;
let api: (method: string, url: string, body?: unknown) => Promise<unknown>;
let projectId: number;
let imageIds: number[];
let model: { name: string; classes: ModelClassInfo[] };

interface ModelAgreement {
  model: { name: string };
  photos: number;
  corrected_photos: number;
  pixel_accuracy: number | null;
  ratings_agree: number;
  ratings_compared: number;
  rating_agreement: number | null;
}

const percent = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)} %`);

/** The cells of the model's row in a panel's table, as a person reads them. */
async function modelRow(caption: string): Promise<string[]> {
  const table = page.getByRole('table', { name: caption });
  const row = table.getByRole('row', { name: new RegExp(model.name) });
  await row.waitFor();
  return row.getByRole('cell').allTextContents();
}

const shared = sharedPage();

beforeAll(async () => {
  ({ server, browser, page } = shared);
  const project = await createAnalysedProject(server, browser, 'Agreement survey', PHOTOS);
  ({ api, projectId, imageIds, model } = project);
  // Two photos accepted as the model saw them, one corrected (the model's mask saved again as a
  // person's version), as reviewers would leave them.
  for (const imageId of imageIds.slice(0, 2)) {
    await api('POST', `/api/projects/${projectId}/image/${imageId}/review/`, { state: 'accepted' });
  }
  const thumbnails = (await api(
    'GET',
    `/api/projects/${projectId}/image/${imageIds[2]}/prediction-thumbnails/`,
  )) as { thumbnails: { prediction_id: number }[] };
  await api(
    'POST',
    `/api/projects/${projectId}/predictionset/${thumbnails.thumbnails[0]!.prediction_id}/masks/0/restore/`,
  );
  await loginInBrowser(page, project.account);
}, PREDICTION_TIMEOUT_MS + 120_000);

describe('agreement with the reviewers and the reviewed dataset', () => {
  it("shows the project's agreement figures on the review page, as the API computes them", async () => {
    const answer = (await api('GET', `/api/projects/${projectId}/agreement/`)) as {
      models: ModelAgreement[];
    };
    const figures = answer.models[0]!;
    expect(figures).toMatchObject({ photos: PHOTOS, corrected_photos: 1, pixel_accuracy: 1 });

    await page.goto(`/projects/${projectId}/review/`);
    await page.getByRole('region', { name: 'Agreement with your reviewers' }).waitFor();
    expect(await modelRow('Per model, in this project')).toEqual([
      `${PHOTOS} (1 corrected)`,
      '100.0 %',
      `${percent(figures.rating_agreement)} (${figures.ratings_agree} of ${figures.ratings_compared})`,
      expect.any(String) as unknown as string,
    ]);
    const classes = page.getByRole('table', { name: `Per-class IoU: ${model.name}` });
    expect(await classes.getByRole('columnheader').allTextContents()).toEqual([
      'Class',
      ...model.classes.map((entry) => entry.label),
    ]);
    expect(await page.getByTestId('agreement-empty').count()).toBe(0);
  });

  it('shows the same figures for the whole organisation under Agreement with reviewers', async () => {
    await page.goto('/projects/');
    await page.getByTestId('organisation-switcher').click();
    await page.getByRole('menuitem', { name: 'Agreement with reviewers' }).click();
    await page.waitForURL('**/organisation/agreement/');
    expect((await modelRow('Per model, in this organisation')).slice(0, 2)).toEqual([
      `${PHOTOS} (1 corrected)`,
      '100.0 %',
    ]);
  });

  it('downloads the reviewed dataset: classes.json, the COCO annotations, a mask and a photo per reviewed photo', async () => {
    await page.goto(`/projects/${projectId}/`);
    const button = page.getByRole('button', { name: 'Download reviewed dataset' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readZip(await readFile((await download.path())!));

    const classes = JSON.parse(zip.get('classes.json')!.toString()) as { index: number; name: string }[];
    expect(classes.map((entry) => entry.name)).toEqual(model.classes.map((entry) => entry.label));
    const coco = JSON.parse(zip.get('annotations.json')!.toString()) as {
      images: { id: number; file_name: string }[];
      annotations: { image_id: number; segmentation: { counts: string; size: number[] } }[];
      categories: { id: number; name: string }[];
    };
    expect(coco.images).toHaveLength(PHOTOS);
    expect(coco.categories.map((entry) => entry.name)).toEqual(classes.map((entry) => entry.name));
    for (const image of coco.images) {
      expect(coco.annotations.some((annotation) => annotation.image_id === image.id)).toBe(true);
    }
    const names = [...zip.keys()];
    expect(names.filter((name) => name.startsWith('masks/') && name.endsWith('.png'))).toHaveLength(PHOTOS);
    expect(names.filter((name) => name.startsWith('images/'))).toHaveLength(PHOTOS);
    expect(names).toContain('README.md');
  });
});
