import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quadraticWeightedKappa } from '../../../src/features/agreement/weighted-kappa.js';
import { signUp } from '../../support/accounts.js';
import {
  BLUE,
  CLASS,
  RED,
  bandMask,
  bandPhoto,
  palettePng,
  postMask,
  predictedProject,
} from '../../support/masks.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
});
afterAll(() => t.close());

describe('quadratic-weighted kappa', () => {
  it('is 1 for full agreement, -1 for swapped neighbours, and undefined without variance', () => {
    expect(
      quadraticWeightedKappa(
        [
          [0, 0],
          [2, 2],
          [4, 4],
        ],
        5,
      ),
    ).toBe(1);
    expect(
      quadraticWeightedKappa(
        [
          [0, 1],
          [1, 0],
        ],
        5,
      ),
    ).toBe(-1);
    expect(
      quadraticWeightedKappa(
        [
          [3, 3],
          [3, 3],
        ],
        5,
      ),
    ).toBeNull();
    expect(quadraticWeightedKappa([], 5)).toBeNull();
    // Worked by hand: weighted disagreement 1/16 + 4/16 = 0.3125; expected from the margins
    // (1,1,1,0,1 and 1,0,1,0,2) 5.5 / 4 = 1.375; kappa 1 − 0.3125 / 1.375.
    expect(
      quadraticWeightedKappa(
        [
          [0, 0],
          [1, 2],
          [2, 4],
          [4, 4],
        ],
        5,
      ),
    ).toBeCloseTo(0.773, 3);
  });
});

describe('agreement with the reviewers (issue 39 §7)', () => {
  it('states pixel accuracy, class IoU and rating agreement per model, and the report says how the ratings held up', async () => {
    const { user, base, imageIds, predictionIds } = await predictedProject(t, [
      { name: 'kept.png', data: await bandPhoto([100, RED], [300, BLUE]) },
      { name: 'fixed.png', data: await bandPhoto([100, RED], [300, BLUE]) },
    ]);
    const headers = user.headers;
    const none = (await t.app.inject({ method: 'GET', url: `${base}/agreement/`, headers })).json();
    expect(none).toEqual({ scope: 'project', models: [] });

    await t.app.inject({
      method: 'POST',
      url: `${base}/image/${imageIds[0]}/review/`,
      headers,
      payload: { state: 'accepted' },
    });
    // The reviewer finds no fouling on the second photo: rating 3 becomes 0.
    const saved = await postMask(
      t.app,
      headers,
      `${base}/predictionset/${predictionIds[1]}/masks/`,
      await palettePng(bandMask([400, CLASS.clean])),
    );
    expect(saved.statusCode, saved.body).toBe(201);

    const answer = await t.app.inject({ method: 'GET', url: `${base}/agreement/`, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const [model] = answer.json().models;
    expect(model).toMatchObject({
      model: { name: 'Color Classes' },
      photos: 2,
      corrected_photos: 1,
      pixels: 6400,
      pixel_accuracy: 0.875,
      ratings_compared: 2,
      ratings_agree: 1,
      rating_agreement: 0.5,
      weighted_kappa: 0,
    });
    expect(model.classes[CLASS.hard]).toMatchObject({ iou: 0.5, model_pixels: 1600, reviewer_pixels: 800 });
    expect(model.classes[CLASS.clean].iou).toBeCloseTo(4800 / 5600, 4);
    expect(model.classes[CLASS.background]).toMatchObject({ iou: null, model_pixels: 0 });

    const fleet = (
      await t.app.inject({ method: 'GET', url: '/api/organisation/agreement/', headers })
    ).json();
    expect(fleet.scope).toBe('organisation');
    expect(fleet.models[0]).toMatchObject({ photos: 2, rating_agreement: 0.5 });

    const report = (await t.app.inject({ method: 'GET', url: `${base}/report.json`, headers })).json();
    expect(report.methods_and_limitations).toContain(
      'Checked against 2 photos of this fleet reviewed by a person: ratings agree on 50 %.',
    );

    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/agreement/`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/organisation/agreement/', headers: stranger.headers })
      ).json().models,
    ).toEqual([]);
  });
});
