import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withStoredConfusion } from '../../../src/features/agreement/agreement-backfill.js';
import { reviewedForAgreement } from '../../../src/features/agreement/agreement-rows.js';
import { createStorage } from '../../../src/storage/create-storage.js';
import { filesUnder } from '../../support/images.js';
import {
  BLUE,
  CLASS,
  GREEN,
  RED,
  bandMask,
  bandPhoto,
  palettePng,
  postMask,
  predictedProject,
} from '../../support/masks.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Three reviewed photos: two accepted as the model saw them, one corrected to clean structure. */
async function reviewedProject() {
  const project = await predictedProject(t, [
    { name: 'kept.png', data: await bandPhoto([100, RED], [300, BLUE]) },
    { name: 'fixed.png', data: await bandPhoto([100, RED], [300, BLUE]) },
    { name: 'slime.png', data: await bandPhoto([200, GREEN], [200, BLUE]) },
  ]);
  const { base, imageIds, predictionIds, user } = project;
  for (const imageId of [imageIds[0], imageIds[2]]) {
    const accepted = await t.app.inject({
      method: 'POST',
      url: `${base}/image/${imageId}/review/`,
      headers: user.headers,
      payload: { state: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  const saved = await postMask(
    t.app,
    user.headers,
    `${base}/predictionset/${predictionIds[1]}/masks/`,
    await palettePng(bandMask([50, CLASS.hard], [350, CLASS.clean])),
  );
  expect(saved.statusCode, saved.body).toBe(201);
  const figures = async () => {
    const answers = [];
    for (const url of [`${base}/agreement/`, '/api/organisation/agreement/']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(answer.statusCode, answer.body).toBe(200);
      answers.push(answer.json<{ models: unknown[] }>());
    }
    return answers;
  };
  return { ...project, figures };
}

/** The mask version each photo's stored counts belong to, in upload order (undefined: none stored). */
const countedVersions = async (predictionIds: number[]) => {
  const rows = await t.app.database.db
    .selectFrom('review_confusion')
    .select(['prediction_id', 'mask_version'])
    .where('prediction_id', 'in', predictionIds)
    .execute();
  const versions = new Map(rows.map((row) => [row.prediction_id, row.mask_version]));
  return predictionIds.map((id) => versions.get(id));
};
const storedCount = async (predictionIds: number[]) =>
  (await countedVersions(predictionIds)).filter((version) => version !== undefined).length;

/** Forgets the counts, as a database reviewed before they were stored holds them. */
const forgetCounts = (predictionIds: number[]) =>
  t.app.database.db.deleteFrom('review_confusion').where('prediction_id', 'in', predictionIds).execute();

describe('agreement figures from stored counts (issue 39 M4)', () => {
  it('stores the counts when a photo is accepted or corrected and reads no mask to answer', async () => {
    const { predictionIds, figures } = await reviewedProject();
    expect(await countedVersions(predictionIds)).toEqual([0, 1, 0]);
    const before = await figures();
    expect(before[0]!.models[0]).toMatchObject({ photos: 3, corrected_photos: 1, pixels: 9600 });

    const masks = (await filesUnder(t.config.storageDir)).filter((file) => file.endsWith('PRED.png'));
    expect(masks.length).toBeGreaterThanOrEqual(4);
    for (const mask of masks) await rm(path.join(t.config.storageDir, mask));

    expect(await figures()).toEqual(before);
  });

  it('counts photos reviewed before counts were stored, or whose counts are stale, and gives the same figures', async () => {
    const { predictionIds, figures } = await reviewedProject();
    const before = await figures();
    await forgetCounts(predictionIds.slice(0, 2));
    // Counts of an older version than the prediction's newest are counted again.
    await t.app.database.db
      .updateTable('review_confusion')
      .set({ mask_version: -1, confusion: '[]' })
      .where('prediction_id', '=', predictionIds[2]!)
      .execute();

    expect(await figures()).toEqual(before);
    expect(await countedVersions(predictionIds)).toEqual([0, 1, 0]);
  });

  it('leaves out a photo whose masks are gone from storage instead of failing the figures', async () => {
    const { base, user, predictionIds } = await reviewedProject();
    await forgetCounts(predictionIds.slice(0, 1));
    const masks = (await filesUnder(t.config.storageDir)).filter((file) => file.endsWith('PRED.png'));
    for (const mask of masks) await rm(path.join(t.config.storageDir, mask));

    const answer = await t.app.inject({ method: 'GET', url: `${base}/agreement/`, headers: user.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ models: unknown[] }>().models[0]).toMatchObject({ photos: 2, corrected_photos: 1 });
    expect(await countedVersions(predictionIds)).toEqual([undefined, 1, 0]);
  });

  it('counts a backlog a bounded number of photos per request and answers 503 with Retry-After until it is done', async () => {
    const { user, predictionIds, figures } = await reviewedProject();
    const before = await figures();
    await forgetCounts(predictionIds);
    const storage = createStorage(t.config.storage, t.config.uploads.tempDir);
    const organisation = user.organisationId;
    const countOne = async () =>
      withStoredConfusion(
        t.app.database.db,
        storage,
        await reviewedForAgreement(t.app.database.db, organisation),
        1,
      );

    await expect(countOne()).rejects.toMatchObject({
      statusCode: 503,
      retryAfterSeconds: 2,
      message: expect.stringContaining('2 reviewed photos are still being counted') as unknown,
    });
    expect(await storedCount(predictionIds)).toBe(1);
    await expect(countOne()).rejects.toMatchObject({ statusCode: 503 });
    expect(await storedCount(predictionIds)).toBe(2);
    await expect(countOne()).resolves.toHaveLength(3);
    expect(await figures()).toEqual(before);
  });
});
