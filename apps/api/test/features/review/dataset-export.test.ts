import sharp from 'sharp';
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
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
});
afterAll(() => t.close());

/**
 * COCO compressed RLE decoded as pycocotools does (maskApi.c rleFrString, then rleDecode), written
 * from the reference rather than from the server's encoder: counts back from 5-bit groups with
 * sign extension and the delta to the count two before, then runs filled column by column.
 */
function decodeCocoRle(rle: { size: [number, number]; counts: string }): Uint8Array {
  const [height, width] = rle.size;
  const counts: number[] = [];
  let position = 0;
  while (position < rle.counts.length) {
    let value = 0;
    let shift = 0;
    let more = true;
    let group = 0;
    while (more) {
      group = rle.counts.charCodeAt(position) - 48;
      value |= (group & 0x1f) << shift;
      more = (group & 0x20) !== 0;
      position += 1;
      shift += 5;
      if (!more && group & 0x10) value |= -1 << shift;
    }
    if (counts.length > 2) value += counts[counts.length - 2]!;
    counts.push(value);
  }
  const columnMajor = new Uint8Array(width * height);
  let offset = 0;
  counts.forEach((count, index) => {
    columnMajor.fill(index % 2, offset, offset + count);
    offset += count;
  });
  expect(offset, 'the runs cover the mask exactly').toBe(width * height);
  const rowMajor = new Uint8Array(width * height);
  for (let x = 0; x < width; x += 1) {
    for (let y = 0; y < height; y += 1) rowMajor[y * width + x] = columnMajor[x * height + y]!;
  }
  return rowMajor;
}

describe('dataset export (issue 39 §5)', () => {
  it('gives back the reviewed photos and masks, and COCO RLE that decodes to them pixel for pixel', async () => {
    const { user, base, imageIds, predictionIds } = await predictedProject(t, [
      { name: 'accepted.png', data: await bandPhoto([100, RED], [300, BLUE]) },
      { name: 'corrected.png', data: await bandPhoto([200, GREEN], [200, BLUE]) },
      { name: 'unreviewed.png', data: await bandPhoto([400, BLUE]) },
    ]);
    const headers = user.headers;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${base}/image/${imageIds[0]}/review/`,
          headers,
          payload: { state: 'accepted' },
        })
      ).statusCode,
    ).toBe(200);
    // A correction with a diagonal-ish edge, so column-major runs differ from row-major ones.
    const correction = bandMask([150, CLASS.slime], [250, CLASS.clean]);
    for (let y = 150; y < 170; y += 1) correction.fill(CLASS.hard, y * 8, y * 8 + (y % 8));
    const saved = await postMask(
      t.app,
      headers,
      `${base}/predictionset/${predictionIds[1]}/masks/`,
      await palettePng(correction),
    );
    expect(saved.statusCode, saved.body).toBe(201);

    const answer = await t.app.inject({ method: 'GET', url: `${base}/dataset/`, headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const zip = await readZip(answer.rawPayload);
    const stems = [`${imageIds[0]}-accepted`, `${imageIds[1]}-corrected`];
    expect([...zip.keys()].sort()).toEqual(
      [
        'README.md',
        'annotations.json',
        'classes.json',
        ...stems.flatMap((stem) => [`images/${stem}.jpg`, `masks/${stem}.png`]),
      ].sort(),
    );
    const classes = JSON.parse(zip.get('classes.json')!.toString());
    expect(classes).toEqual([
      { index: 0, name: 'Background', color: '#000000' },
      { index: 1, name: 'Hard Fouling', color: '#e53935' },
      { index: 2, name: 'Light Slime', color: '#43a047' },
      { index: 3, name: 'Clean Structure', color: '#1e88e5' },
    ]);
    const readme = zip.get('README.md')!.toString();
    expect(readme).toContain('Photos: 2 (1 accepted as the model saw them, 1 corrected by a person)');
    expect(readme).toContain('| 2 | Light Slime | #43a047 |');

    const accepted = pngIndexes(zip.get(`masks/${stems[0]}.png`)!);
    expect(accepted).toEqual(bandMask([100, CLASS.hard], [300, CLASS.clean]));
    expect(pngIndexes(zip.get(`masks/${stems[1]}.png`)!)).toEqual(correction);
    const photo = await sharp(zip.get(`images/${stems[1]}.jpg`)!).metadata();
    expect([photo.width, photo.height]).toEqual([8, 400]);

    const coco = JSON.parse(zip.get('annotations.json')!.toString());
    expect(coco.images.map((image: { id: number }) => image.id)).toEqual(imageIds.slice(0, 2));
    expect(coco.categories.map((category: { id: number }) => category.id)).toEqual([0, 1, 2, 3]);
    for (const [index, image] of coco.images.entries()) {
      const mask = pngIndexes(zip.get(`masks/${stems[index]}.png`)!);
      const rebuilt = new Uint8Array(mask.length).fill(255);
      for (const annotation of coco.annotations.filter(
        (entry: { image_id: number }) => entry.image_id === image.id,
      )) {
        expect(annotation.segmentation.size).toEqual([400, 8]);
        const decoded = decodeCocoRle(annotation.segmentation);
        let area = 0;
        decoded.forEach((bit, pixel) => {
          if (!bit) return;
          area += 1;
          expect(rebuilt[pixel], 'no pixel is in two classes').toBe(255);
          rebuilt[pixel] = annotation.category_id;
        });
        expect(annotation.area).toBe(area);
      }
      expect(rebuilt).toEqual(mask);
    }
  });

  it('records each download in the audit log, with who asked', async () => {
    const { user, base } = await predictedProject(t);
    const headers = user.headers;
    expect((await t.app.inject({ method: 'GET', url: `${base}/dataset/`, headers })).statusCode).toBe(200);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/organisation/audit/', headers })).json();
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'dataset.download', actor: user.registration.username }),
      ]),
    );
  });

  it('lets a viewer export but not another organisation', async () => {
    const { user, base } = await predictedProject(t);
    const viewer = await teammate(t, user, user.organisationId, 'viewer');
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/dataset/`, headers: viewer.team })).statusCode,
    ).toBe(200);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/dataset/`, headers: stranger.headers })).statusCode,
    ).toBe(404);
  });
});
