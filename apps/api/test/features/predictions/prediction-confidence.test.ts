import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { bandedImage, upload } from '../../support/images.js';
import {
  fixtureModelId,
  predictWithFixtureModel,
  readZip,
  resolutionId,
  waitForRequest,
} from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// The fixture model (fixtures/models/color-classes) answers from each pixel's colour with small
// logits: a saturated red pixel's largest class probability is about 0.41, a black one's about
// 0.30 (four classes, so 0.25 is the least possible). The threshold lies between them.
const THRESHOLD = '0.35';

let t: TestApp;
beforeAll(async () => {
  // The plain pictures are poor photos, held to the fair photos' bound: the same here.
  t = await createTestApp({
    PREDICTION_LOW_CONFIDENCE_BELOW: THRESHOLD,
    PREDICTION_LOW_CONFIDENCE_BELOW_FAIR: THRESHOLD,
  });
});
afterAll(() => t.close());

async function plain(colour: [number, number, number]) {
  return (await bandedImage(16, 12, [[1, colour]])).png().toBuffer();
}

describe('the confidence of a prediction (issue 19 §2)', () => {
  it('is answered with its low-confidence flag everywhere a prediction is, and judged when read', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, user.headers, { name: 'Murky survey', location: 'Kiel' });
    const images = [
      { name: 'red.png', data: await plain([200, 40, 40]) },
      { name: 'dark.png', data: await plain([0, 0, 0]) },
    ];
    const { imageIds, base } = await predictWithFixtureModel(t.app, user.headers, projectId, images);

    const thumbnailOf = async (imageId: number) => {
      const thumbnails = await t.app.inject({
        method: 'GET',
        url: `${base}/image/${imageId}/prediction-thumbnails/`,
        headers: user.headers,
      });
      expect(thumbnails.statusCode, thumbnails.body).toBe(200);
      return thumbnails.json().thumbnails[0];
    };
    const setOf = async (predictionId: number) => {
      const set = await t.app.inject({
        method: 'GET',
        url: `${base}/predictionset/${predictionId}/`,
        headers: user.headers,
      });
      expect(set.statusCode, set.body).toBe(200);
      const { confidence, low_confidence } = set.json();
      return { confidence, low_confidence };
    };
    const detailsOf = async () => {
      const details = await t.app.inject({
        method: 'GET',
        url: `${base}/image-details/`,
        headers: user.headers,
      });
      expect(details.statusCode, details.body).toBe(200);
      return details.json().map((image: { predictions: object[] }) => image.predictions[0]);
    };

    const [red, dark] = [await thumbnailOf(imageIds[0]!), await thumbnailOf(imageIds[1]!)];
    // Three decimals, the same on both databases.
    expect(red.confidence).toBeCloseTo(0.406, 3);
    expect(dark.confidence).toBeCloseTo(0.3, 3);
    expect(red.low_confidence).toBe(false);
    expect(dark.low_confidence).toBe(true);
    const judged = (thumbnail: { confidence: number; low_confidence: boolean }) => ({
      confidence: thumbnail.confidence,
      low_confidence: thumbnail.low_confidence,
    });
    expect(await setOf(red.prediction_id)).toEqual(judged(red));
    expect(await setOf(dark.prediction_id)).toEqual(judged(dark));
    expect(await detailsOf()).toEqual([
      {
        prediction_id: red.prediction_id,
        model_id: red.model_id,
        resolution_id: red.resolution_id,
        ...judged(red),
      },
      {
        prediction_id: dark.prediction_id,
        model_id: dark.model_id,
        resolution_id: dark.resolution_id,
        ...judged(dark),
      },
    ]);

    const zip = await t.app.inject({ method: 'GET', url: `${base}/download/`, headers: user.headers });
    const entries = await readZip(zip.rawPayload);
    const percentagesJson = (index: number) =>
      JSON.parse(
        entries
          .get(`${imageIds[index]}-${images[index]!.name}/Color_Classes-0.0.1-standard/percentages.json`)!
          .toString(),
      );
    expect(percentagesJson(0)).toMatchObject(judged(red));
    expect(percentagesJson(1)).toMatchObject(judged(dark));
    const csv = entries.get('summary.csv')!.toString().trim().split('\n');
    expect(csv[0]).toMatch(/,IMO rating,IMO rating label,confidence,low confidence,/);
    // After them the zone's label and the inspection date (none here), then the photo's quality.
    expect(csv[1]).toMatch(new RegExp(`^red\\.png,.*,${red.confidence},false,,,(good|fair|poor),`));
    expect(csv[2]).toMatch(new RegExp(`^dark\\.png,.*,${dark.confidence},true,,,(good|fair|poor),`));

    // A threshold changed (on restart) re-judges the stored predictions: nothing is stored twice.
    const configured = t.config.confidence.lowBelow;
    t.config.confidence.lowBelow = 0.5;
    try {
      expect((await setOf(red.prediction_id)).low_confidence).toBe(true);
      expect((await thumbnailOf(imageIds[0]!)).low_confidence).toBe(true);
    } finally {
      t.config.confidence.lowBelow = configured;
    }
  });

  it('is null, flag included, for a prediction made before confidences were recorded', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, user.headers);
    const uploaded = await upload(t.app, user.headers, projectId, [
      { name: 'old.png', data: await plain([40, 40, 200]) },
    ]);
    const imageId: number = uploaded.json().data[0].id;
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: user.headers,
      payload: {
        model: await fixtureModelId(t.app, user.headers),
        resolution: await resolutionId(t.app, user.headers, 'standard'),
        images: [imageId],
      },
    });
    await waitForRequest(t.app, user.headers, scheduled.json().request_id);
    // As migration 0012 leaves every earlier prediction.
    await t.app.database.db
      .updateTable('predictions')
      .set({ confidence: null })
      .where('image_id', '=', imageId)
      .execute();

    const base = `/api/projects/${projectId}`;
    const thumbnails = await t.app.inject({
      method: 'GET',
      url: `${base}/image/${imageId}/prediction-thumbnails/`,
      headers: user.headers,
    });
    const thumbnail = thumbnails.json().thumbnails[0];
    expect(thumbnail).toMatchObject({ confidence: null, low_confidence: null });
    const set = await t.app.inject({
      method: 'GET',
      url: `${base}/predictionset/${thumbnail.prediction_id}/`,
      headers: user.headers,
    });
    expect(set.json()).toMatchObject({ confidence: null, low_confidence: null });
    const details = await t.app.inject({
      method: 'GET',
      url: `${base}/image-details/`,
      headers: user.headers,
    });
    expect(details.json()[0].predictions[0]).toMatchObject({ confidence: null, low_confidence: null });
    const entries = await readZip(
      (await t.app.inject({ method: 'GET', url: `${base}/download/`, headers: user.headers })).rawPayload,
    );
    expect(
      JSON.parse(entries.get(`${imageId}-old.png/Color_Classes-0.0.1-standard/percentages.json`)!.toString()),
    ).toMatchObject({ confidence: null, low_confidence: null });
    expect(entries.get('summary.csv')!.toString().trim().split('\n')[1]).toMatch(/,,,,,(good|fair|poor),/);
  });
});
