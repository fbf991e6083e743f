// An upload keeps the model's input at the standard resolution from its own decode, and the first
// prediction at that resolution reads it instead of decoding the original again (issue 44 §2).
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJpeg } from '../../../src/media/renditions.js';
import { decodeStandardInput } from '../../../src/media/standard-input.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { filesUnder, noiseImage, storedImageFolder, upload } from '../../support/images.js';
import { predictUploaded } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

const KEPT = 'model-input/standard.rgb';
const STANDARD_BYTES = 800 * 600 * 3;

let t: TestApp;
let user: SignedInUser;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, t.config.mail.outboxDir);
  // Grain over colour bands the fixture model tells apart, as a camera's JPEG, 1600 × 1200.
  const grain = noiseImage(400, 300, 44);
  photo = await sharp(grain.data, { raw: { width: 400, height: 300, channels: 3 } })
    .resize(1600, 1200, { fit: 'fill' })
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(() => t.close());

/** Uploads `data` to a new project: the project and the image's id and stored folder. */
async function uploaded(name: string, data: Buffer) {
  const projectId = await createProject(t.app, user.headers);
  const answer = await upload(t.app, user.headers, projectId, [{ name, data }]);
  expect(answer.statusCode, answer.body).toBe(201);
  const imageId = answer.json().data[0].id as number;
  return { projectId, imageId, folder: await storedImageFolder(t, imageId) };
}

/** Predicts the image at standard resolution; the ORG and PRED the API then serves for it. */
async function predicted(projectId: number, imageId: number) {
  const base = await predictUploaded(t.app, user.headers, projectId, [imageId]);
  const details = await t.app.inject({ method: 'GET', url: `${base}/image-details/`, headers: user.headers });
  const predictionId = details.json()[0].predictions[0].prediction_id as number;
  const set = await t.app.inject({
    method: 'GET',
    url: `${base}/predictionset/${predictionId}/`,
    headers: user.headers,
  });
  expect(set.statusCode, set.body).toBe(200);
  return {
    org: Buffer.from(set.json().ORG.base64_image, 'base64'),
    pred: Buffer.from(set.json().PRED.base64_image, 'base64'),
  };
}

describe("the upload's kept standard input", () => {
  it('is kept at upload, read by the first prediction at standard, which serves what decoding the original serves, then deleted', async () => {
    const { projectId, imageId, folder } = await uploaded('photo.jpg', photo);
    expect(await filesUnder(folder)).toContain(KEPT);
    const expectedOrg = await encodeJpeg(await decodeStandardInput(photo, 100_000_000));

    const first = await predicted(projectId, imageId);
    expect(first.org.equals(expectedOrg)).toBe(true);
    expect(await filesUnder(folder)).not.toContain(KEPT);

    // The same photo without a kept input (uploaded before inputs were kept): the same bytes.
    const again = await uploaded('photo.jpg', photo);
    await rm(path.join(again.folder, 'model-input'), { recursive: true });
    const decoded = await predicted(again.projectId, again.imageId);
    expect(decoded.org.equals(first.org)).toBe(true);
    expect(decoded.pred.equals(first.pred)).toBe(true);
  });

  it('is what the model reads, unless its length is not that of the standard size', async () => {
    const black = await uploaded('photo.jpg', photo);
    await writeFile(path.join(black.folder, KEPT), Buffer.alloc(STANDARD_BYTES));
    const fromKept = await predicted(black.projectId, black.imageId);
    const blackOrg = await encodeJpeg({ data: Buffer.alloc(STANDARD_BYTES), width: 800, height: 600 });
    expect(fromKept.org.equals(blackOrg)).toBe(true);

    const cut = await uploaded('photo.jpg', photo);
    await writeFile(path.join(cut.folder, KEPT), Buffer.alloc(STANDARD_BYTES - 3));
    const fromOriginal = await predicted(cut.projectId, cut.imageId);
    const expectedOrg = await encodeJpeg(await decodeStandardInput(photo, 100_000_000));
    expect(fromOriginal.org.equals(expectedOrg)).toBe(true);
  });

  it('is not kept for an image that may be transparent: its preview is flattened on white, the model sees black', async () => {
    const transparent = await sharp({
      create: { width: 1000, height: 750, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { folder } = await uploaded('transparent.png', transparent);
    expect(await filesUnder(folder)).toEqual([
      'original.png',
      'preview.jpg',
      'thumbnail.b64',
      'thumbnail.jpg',
    ]);
  });
});
