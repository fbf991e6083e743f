import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { upload } from '../../support/images.js';
import { palettePng, postMask } from '../../support/masks.js';
import { fixtureModelId, resolutionId, waitForRequest } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WIDTH = 1920;
const HEIGHT = 1080;

describe('saving a Full HD correction (issue 39)', () => {
  it('answers each new version with percentages recomputed from the painted mask', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, user.headers);
    const photo = await sharp({
      create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 40, g: 40, b: 200 } },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(t.app, user.headers, projectId, [{ name: 'hd.png', data: photo }]);
    const imageId = uploaded.json().data[0].id;
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: user.headers,
      payload: {
        model: await fixtureModelId(t.app, user.headers),
        resolution: await resolutionId(t.app, user.headers, 'fullhd'),
        images: [imageId],
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await waitForRequest(t.app, user.headers, scheduled.json().request_id);
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/image-details/`,
      headers: user.headers,
    });
    const predictionId = details.json()[0].predictions[0].prediction_id;
    const masks = `/api/projects/${projectId}/predictionset/${predictionId}/masks/`;

    // A brush-painted correction: a disc of hard fouling on clean structure, every save a new one.
    for (let round = 0; round < 5; round += 1) {
      const mask = new Uint8Array(WIDTH * HEIGHT).fill(3);
      const radius = 200 + round * 40;
      for (let y = 0; y < HEIGHT; y += 1) {
        for (let x = 0; x < WIDTH; x += 1) {
          if ((x - 960) ** 2 + (y - 540) ** 2 < radius ** 2) mask[y * WIDTH + x] = 1;
        }
      }
      const png = await palettePng(mask, WIDTH, HEIGHT);
      const saved = await postMask(t.app, user.headers, masks, png);
      expect(saved.statusCode, saved.body).toBe(201);
      expect(
        saved.json().predictions.find((entry: { label: string }) => entry.label === 'Hard Fouling')
          .percentage,
      ).toBeCloseTo((100 * Math.PI * radius ** 2) / (WIDTH * HEIGHT), 0);
    }
  });
});
