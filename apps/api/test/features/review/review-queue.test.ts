import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
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
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
});
afterAll(() => t.close());

describe('review state and queue (issue 39 §3)', () => {
  it('walks the unreviewed photos lowest confidence first and counts the reviewed ones', async () => {
    const { user, base, imageIds, predictionIds } = await predictedProject(t, [
      { name: 'a.png', data: await bandPhoto([400, BLUE]) },
      { name: 'b.png', data: await bandPhoto([100, RED], [100, GREEN], [200, BLUE]) },
      { name: 'c.png', data: await bandPhoto([200, RED], [200, [90, 90, 90]]) },
    ]);
    const headers = user.headers;
    const queue = async () =>
      (await t.app.inject({ method: 'GET', url: `${base}/review-queue/`, headers })).json();

    const first = await queue();
    expect(first.counts).toEqual({ reviewed: 0, total: 3 });
    expect(first.items).toHaveLength(3);
    const confidences = first.items.map((item: { confidence: number }) => item.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => a - b));
    expect(new Set(first.items.map((item: { image: number }) => item.image))).toEqual(new Set(imageIds));

    const lowest = first.items[0];
    const accepted = await t.app.inject({
      method: 'POST',
      url: `${base}/image/${lowest.image}/review/`,
      headers,
      payload: { state: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      image: lowest.image,
      prediction: lowest.prediction,
      state: 'accepted',
      reviewed_by: { id: user.userId },
    });
    const second = await queue();
    expect(second.counts).toEqual({ reviewed: 1, total: 3 });
    expect(second.items.map((item: { image: number }) => item.image)).toEqual(
      first.items.slice(1).map((item: { image: number }) => item.image),
    );

    // Saving a correction makes a photo corrected and takes it off the queue.
    const other = first.items[1];
    expect(
      (
        await postMask(
          t.app,
          headers,
          `${base}/predictionset/${other.prediction}/masks/`,
          await palettePng(bandMask([400, CLASS.clean])),
        )
      ).statusCode,
    ).toBe(201);
    expect((await queue()).counts).toEqual({ reviewed: 2, total: 3 });
    // Accepting a corrected photo keeps it corrected.
    const kept = await t.app.inject({
      method: 'POST',
      url: `${base}/image/${other.image}/review/`,
      headers,
      payload: { state: 'accepted' },
    });
    expect(kept.json().state).toBe('corrected');

    const summary = (
      await t.app.inject({ method: 'GET', url: `${base}/inspection-summary/`, headers })
    ).json();
    expect(summary.all_zones.review).toMatchObject({ reviewed: 2, total: 3, corrected: 1 });
    expect(summary.zones[0].review).toMatchObject({ reviewed: 2, total: 3 });

    const undone = await t.app.inject({
      method: 'POST',
      url: `${base}/image/${lowest.image}/review/`,
      headers,
      payload: { state: 'unreviewed' },
    });
    expect(undone.json()).toMatchObject({ state: 'unreviewed', prediction: null, reviewed_by: null });
    expect((await queue()).items[0].image).toBe(lowest.image);

    // Refusals: a prediction of another image, a state only a save sets, an unknown field.
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${base}/image/${imageIds[0]}/review/`,
      headers,
      payload: { state: 'accepted', prediction: predictionIds[1] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().prediction).toEqual(['This is not a prediction of this image.']);
    const corrected = await t.app.inject({
      method: 'POST',
      url: `${base}/image/${imageIds[0]}/review/`,
      headers,
      payload: { state: 'corrected' },
    });
    expect(corrected.statusCode).toBe(400);
    expect(corrected.json().state).toEqual(['Choose accepted or unreviewed.']);
  });

  it('lets a viewer read the queue but not review; another organisation gets 404', async () => {
    const { user, base, imageIds } = await predictedProject(t);
    const viewer = await teammate(t, user, user.organisationId, 'viewer');
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/review-queue/`, headers: viewer.team })).statusCode,
    ).toBe(200);
    const review = {
      method: 'POST' as const,
      url: `${base}/image/${imageIds[0]}/review/`,
      payload: { state: 'accepted' },
    };
    expect((await t.app.inject({ ...review, headers: viewer.team })).statusCode).toBe(403);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect((await t.app.inject({ ...review, headers: stranger.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/review-queue/`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
  });
});
