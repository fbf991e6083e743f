import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MASK_VERSIONS } from '../../../src/features/mask-versions/save-mask-version.js';
import { signUp } from '../../support/accounts.js';
import {
  BLUE,
  CLASS,
  RED,
  bandMask,
  bandPhoto,
  greyPng,
  palettePng,
  pngIndexes,
  postMask,
  predictedProject,
} from '../../support/masks.js';
import { readZip } from '../../support/predictions.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // The band photos are too small and plain to pass as good photos; they are rated all the same.
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
});
afterAll(() => t.close());

const percentageOf = (predictions: { label: string; percentage: number }[], label: string) =>
  predictions.find((entry) => entry.label === label)?.percentage;

describe('corrected mask versions (issue 39 §2)', () => {
  it('saves a correction as a new version, recomputes every figure from it and keeps the model’s mask', async () => {
    const { user, base, imageIds, predictionIds } = await predictedProject(t);
    const headers = user.headers;
    const masks = `${base}/predictionset/${predictionIds[0]}/masks/`;
    const thumbnail = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${base}/image/${imageIds[0]}/prediction-thumbnails/`,
          headers,
        })
      ).json().thumbnails[0].base64_thumbnail as string;
    const modelThumbnail = await thumbnail();

    const before = await t.app.inject({ method: 'GET', url: masks, headers });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ width: 8, height: 400, current_version: 0 });
    expect(before.json().versions).toEqual([expect.objectContaining({ version: 0, author: null })]);
    const modelMask = (await t.app.inject({ method: 'GET', url: `${masks}0/`, headers })).rawPayload;
    expect(pngIndexes(modelMask)).toEqual(bandMask([100, CLASS.hard], [300, CLASS.clean]));

    // A person paints half the hard fouling over as clean structure: 50 of 400 rows changed.
    const saved = await postMask(
      t.app,
      headers,
      masks,
      await palettePng(bandMask([50, CLASS.hard], [350, CLASS.clean])),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      version: 1,
      restored_from: null,
      changed_pixels_percentage: 12.5,
      author: { name: expect.any(String) },
    });
    expect(percentageOf(saved.json().predictions, 'Hard Fouling')).toBe(12.5);
    expect(saved.json().fouling_rating.macrofouling_percentage).toBe(12.5);

    const set = (
      await t.app.inject({ method: 'GET', url: `${base}/predictionset/${predictionIds[0]}/`, headers })
    ).json();
    expect(percentageOf(set.predictions, 'Hard Fouling')).toBe(12.5);
    expect(set.reviewed_by).toBe(saved.json().author.name);
    expect(pngIndexes(Buffer.from(set.PRED.base64_image, 'base64'))).toEqual(
      bandMask([50, CLASS.hard], [350, CLASS.clean]),
    );
    // The strip's thumbnail shows the correction.
    expect(await thumbnail()).not.toBe(modelThumbnail);
    // The model's own mask is unchanged.
    expect((await t.app.inject({ method: 'GET', url: `${masks}0/`, headers })).rawPayload).toEqual(modelMask);

    const summary = (
      await t.app.inject({ method: 'GET', url: `${base}/inspection-summary/`, headers })
    ).json();
    expect(summary.all_zones.rating.macrofouling_percentage).toBe(12.5);
    expect(summary.all_zones.review).toMatchObject({
      reviewed: 1,
      total: 1,
      corrected: 1,
      changed_pixels_percentage: 12.5,
    });
    const report = (await t.app.inject({ method: 'GET', url: `${base}/report.json`, headers })).json();
    expect(report.images[0].rating.macrofouling_percentage).toBe(12.5);
    expect(report.images[0].reviewed_by).toBe(saved.json().author.name);

    const zip = await readZip(
      (await t.app.inject({ method: 'GET', url: `${base}/download/`, headers })).rawPayload,
    );
    const csv = zip.get('summary.csv')!.toString();
    expect(csv).toContain('reviewed_by');
    expect(csv).toContain(saved.json().author.name);
    const pred = [...zip.entries()].find(([name]) => name.endsWith('/PRED.png'))![1];
    expect(pngIndexes(pred)).toEqual(bandMask([50, CLASS.hard], [350, CLASS.clean]));

    // Restoring the model's version makes a new version with its content.
    const restored = await t.app.inject({ method: 'POST', url: `${masks}0/restore/`, headers });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ version: 2, restored_from: 0, changed_pixels_percentage: 0 });
    expect(percentageOf(restored.json().predictions, 'Hard Fouling')).toBe(25);
    const listed = (await t.app.inject({ method: 'GET', url: masks, headers })).json();
    expect(listed.current_version).toBe(2);
    expect(listed.versions.map((version: { version: number }) => version.version)).toEqual([0, 1, 2]);
    expect(listed.versions[1]).toMatchObject({ changed_pixels_percentage: 12.5, restored_from: null });
    expect(
      pngIndexes((await t.app.inject({ method: 'GET', url: `${masks}1/`, headers })).rawPayload),
    ).toEqual(bandMask([50, CLASS.hard], [350, CLASS.clean]));
    expect((await t.app.inject({ method: 'GET', url: `${masks}7/`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${masks}7/restore/`, headers })).statusCode).toBe(404);

    // A prediction keeps a bounded number of versions.
    await t.app.database.db
      .updateTable('predictions')
      .set({ mask_version: MAX_MASK_VERSIONS })
      .where('id', '=', predictionIds[0]!)
      .execute();
    const capped = await t.app.inject({ method: 'POST', url: `${masks}0/restore/`, headers });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().detail).toBe(
      `This mask has ${MAX_MASK_VERSIONS} versions, the most one prediction keeps.`,
    );
    await t.app.database.db
      .updateTable('predictions')
      .set({ mask_version: 2 })
      .where('id', '=', predictionIds[0]!)
      .execute();

    // An 8-bit greyscale PNG of class indexes is a mask too.
    const grey = await postMask(t.app, headers, masks, await greyPng(bandMask([400, CLASS.slime])));
    expect(grey.statusCode, grey.body).toBe(201);
    expect(percentageOf(grey.json().predictions, 'Light Slime')).toBe(100);
  });

  it('refuses a mask that is not an index PNG of the prediction’s size and classes, naming the problem', async () => {
    const { user, base, predictionIds } = await predictedProject(t);
    const masks = `${base}/predictionset/${predictionIds[0]}/masks/`;
    const refusal = async (data: Buffer, field = 'mask') => {
      const answer = await postMask(t.app, user.headers, masks, data, field);
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().mask[0] as string;
    };
    expect(await refusal(await palettePng(new Uint8Array(800 * 533), 800, 533))).toBe(
      'The mask is 800×533; this prediction is 8×400.',
    );
    const nine = bandMask([400, CLASS.clean]);
    nine[17] = 9;
    expect(await refusal(await greyPng(nine))).toBe('Pixel value 9 is not a class of this model (0–3).');
    expect(await refusal(Buffer.from('not a png at all, just text'))).toBe('The mask is not a PNG file.');
    const rgb = await (
      await import('sharp')
    )
      .default(Buffer.alloc(8 * 400 * 3), { raw: { width: 8, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    expect(await refusal(rgb)).toMatch(/^The mask is an RGB image; send an 8-bit greyscale or palette PNG/);
    expect(await refusal(await greyPng(bandMask([400, 1])), 'file')).toMatch(/form field "mask"/);
    // Nothing was saved.
    const listed = (await t.app.inject({ method: 'GET', url: masks, headers: user.headers })).json();
    expect(listed.current_version).toBe(0);
  });

  it('lets a viewer read the versions but not save one; another organisation gets 404', async () => {
    const { user, base, predictionIds } = await predictedProject(t, [
      { name: 'a.png', data: await bandPhoto([40, RED], [360, BLUE]) },
    ]);
    const masks = `${base}/predictionset/${predictionIds[0]}/masks/`;
    const viewer = await teammate(t, user, user.organisationId, 'viewer');
    expect((await t.app.inject({ method: 'GET', url: masks, headers: viewer.team })).statusCode).toBe(200);
    const png = await palettePng(bandMask([400, CLASS.clean]));
    expect((await postMask(t.app, viewer.team, masks, png)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `${masks}0/restore/`, headers: viewer.team })).statusCode,
    ).toBe(403);

    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect((await t.app.inject({ method: 'GET', url: masks, headers: stranger.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${masks}0/`, headers: stranger.headers })).statusCode,
    ).toBe(404);
    expect((await postMask(t.app, stranger.headers, masks, png)).statusCode).toBe(404);
  });
});
