// An upload keeps the model's input at the standard resolution from its own decode, and the first
// prediction at that resolution reads it instead of decoding the original again (issue 44 §2).
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseStaleKeptInputs } from '../../../src/features/images/kept-standard-input.js';
import { encodeJpeg } from '../../../src/media/renditions.js';
import { decodeStandardInput } from '../../../src/media/standard-input.js';
import { localStorage } from '../../../src/storage/local-storage.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { filesUnder, noiseImage, storedImageFolder, upload } from '../../support/images.js';
import { predictUploaded } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

const KEPT = 'model-input/standard.rgb';
const STANDARD_BYTES = 800 * 600 * 3;

let t: TestApp;
let user: SignedInUser;
let dir: string;
/** A 12 MP phone-sized JPEG: the upload decodes it at half size, as a phone's photo. */
let photoFile: string;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app, t.config.mail.outboxDir);
  dir = await mkdtemp(path.join(tmpdir(), 'hullscope-kept-input-'));
  const grain = noiseImage(504, 378, 44);
  photo = await sharp(grain.data, { raw: { width: 504, height: 378, channels: 3 } })
    .resize(4032, 3024, { fit: 'fill' })
    .jpeg({ quality: 90 })
    .toBuffer();
  photoFile = path.join(dir, 'photo.jpg');
  await writeFile(photoFile, photo);
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Uploads `data` to a new project: the project and the image's id and stored folder. */
async function uploaded(name: string, data: Buffer) {
  const projectId = await createProject(t.app, user.headers);
  const answer = await upload(t.app, user.headers, projectId, [{ name, data }]);
  expect(answer.statusCode, answer.body).toBe(201);
  const imageId = answer.json().data[0].id as number;
  return { projectId, imageId, folder: await storedImageFolder(t, imageId) };
}

async function keptFlag(imageId: number): Promise<number> {
  const row = await t.app.database.db
    .selectFrom('images')
    .select('standard_input_kept')
    .where('id', '=', imageId)
    .executeTakeFirstOrThrow();
  return row.standard_input_kept;
}

/** Predicts the image at `resolution`; the ORG and PRED the API then serves for it. */
async function predicted(projectId: number, imageId: number, resolution = 'standard') {
  const base = await predictUploaded(t.app, user.headers, projectId, [imageId], resolution);
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
    expect(await keptFlag(imageId)).toBe(1);
    const expectedOrg = await encodeJpeg(await decodeStandardInput(photoFile, 100_000_000));

    const first = await predicted(projectId, imageId);
    expect(first.org.equals(expectedOrg)).toBe(true);
    expect(await filesUnder(folder)).not.toContain(KEPT);
    expect(await keptFlag(imageId)).toBe(0);

    // The same photo whose kept input is gone (a backup restored without it): the same bytes.
    const again = await uploaded('photo.jpg', photo);
    await rm(path.join(again.folder, 'model-input'), { recursive: true });
    const decoded = await predicted(again.projectId, again.imageId);
    expect(decoded.org.equals(first.org)).toBe(true);
    expect(decoded.pred.equals(first.pred)).toBe(true);
    expect(await keptFlag(again.imageId)).toBe(0);
  });

  it('is what the model reads; one not of the standard size is not read, and is deleted', async () => {
    const black = await uploaded('photo.jpg', photo);
    await writeFile(path.join(black.folder, KEPT), Buffer.alloc(STANDARD_BYTES));
    const fromKept = await predicted(black.projectId, black.imageId);
    const blackOrg = await encodeJpeg({ data: Buffer.alloc(STANDARD_BYTES), width: 800, height: 600 });
    expect(fromKept.org.equals(blackOrg)).toBe(true);

    const cut = await uploaded('photo.jpg', photo);
    await writeFile(path.join(cut.folder, KEPT), Buffer.alloc(STANDARD_BYTES - 3));
    const fromOriginal = await predicted(cut.projectId, cut.imageId);
    const expectedOrg = await encodeJpeg(await decodeStandardInput(photoFile, 100_000_000));
    expect(fromOriginal.org.equals(expectedOrg)).toBe(true);
    expect(await filesUnder(cut.folder)).not.toContain(KEPT);
    expect(await keptFlag(cut.imageId)).toBe(0);
  });

  it('is neither read nor deleted by a prediction at Full HD', async () => {
    const { projectId, imageId, folder } = await uploaded('photo.jpg', photo);
    await writeFile(path.join(folder, KEPT), Buffer.alloc(STANDARD_BYTES));
    const fullHd = await predicted(projectId, imageId, 'fullhd');
    expect((await sharp(fullHd.org).metadata()).width).toBe(1920);
    expect((await sharp(fullHd.org).stats()).channels[0]!.max).toBeGreaterThan(0);
    expect(await filesUnder(folder)).toContain(KEPT);
    expect(await keptFlag(imageId)).toBe(1);
  });

  it('is deleted by the daily sweep once its image is older than 7 days, and kept before', async () => {
    const old = await uploaded('photo.jpg', photo);
    const recent = await uploaded('photo.jpg', photo);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await t.app.database.db
      .updateTable('images')
      .set({ created_at: eightDaysAgo })
      .where('id', '=', old.imageId)
      .execute();
    await releaseStaleKeptInputs(t.app.database.db, localStorage(t.config.storageDir));
    expect(existsSync(path.join(old.folder, KEPT))).toBe(false);
    expect(await keptFlag(old.imageId)).toBe(0);
    expect(existsSync(path.join(recent.folder, KEPT))).toBe(true);
    expect(await keptFlag(recent.imageId)).toBe(1);
  });

  it('is not kept for an image that may be transparent: its preview is flattened on white, the model sees black', async () => {
    const transparent = await sharp({
      create: { width: 1000, height: 750, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { imageId, folder } = await uploaded('transparent.png', transparent);
    expect(await filesUnder(folder)).toEqual([
      'original.png',
      'preview.jpg',
      'thumbnail.b64',
      'thumbnail.jpg',
    ]);
    expect(await keptFlag(imageId)).toBe(0);
  });
});
