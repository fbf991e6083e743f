import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from './support/accounts.js';
import { upload } from './support/images.js';
import { createProject } from './support/projects.js';
import { type TestApp, createTestApp } from './support/test-app.js';

let t: TestApp;
let owner: SignedInUser;
let projectId: number;

beforeAll(async () => {
  // The product's own limits: 100 MP.
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  projectId = await createProject(t.app, owner.headers);
});
afterAll(() => t.close());

const RED = { r: 200, g: 40, b: 40 };

/** A flat red 16-bit PNG: small on disk, width × height × channels × 2 bytes decoded. */
function sixteenBitPng(width: number, height: number, channels: 3 | 4): Promise<Buffer> {
  const background = channels === 4 ? { ...RED, alpha: 1 } : RED;
  return sharp({ create: { width, height, channels, background } }).toColourspace('rgb16').png().toBuffer();
}

describe('16-bit images are bounded by their decoded size, not only their pixels', () => {
  it('refuses a 51 MP 16-bit RGBA PNG (410 MB decoded) from its header, like any refused file', async () => {
    // About 2 MB on disk, under the pixel limit, and more memory decoded than any 8-bit image.
    const png = await sixteenBitPng(8000, 6400, 4);
    const response = await upload(t.app, owner.headers, projectId, [{ name: 'deep.png', data: png }]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      images: [
        'deep.png: the image has 8000 × 6400 pixels of 4 channels at 16 bits, 410 MB once decoded; ' +
          'at most 400 MB are accepted (save it with fewer pixels or 8 bits per channel)',
      ],
    });
    const rows = await t.app.database.db.selectFrom('images').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('accepts a 16-bit PNG under the bound: the original kept, previews 8-bit in its colours', async () => {
    // Larger than the 2048 px preview: resized in 16 bits, the red came out 199, 39, 39.
    const png = await sixteenBitPng(2100, 1000, 3);
    const response = await upload(t.app, owner.headers, projectId, [{ name: 'survey.png', data: png }]);
    expect(response.statusCode, response.body).toBe(201);
    const imageId: number = response.json().data[0].id;
    const row = await t.app.database.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', imageId)
      .executeTakeFirstOrThrow();
    expect([row.format, row.width, row.height]).toEqual(['png', 2100, 1000]);
    const original = await readFile(path.join(t.config.storageDir, row.storage_prefix, 'original.png'));
    expect(original.equals(png)).toBe(true);

    for (const file of ['preview.jpg', 'thumbnail.jpg']) {
      const stored = sharp(path.join(t.config.storageDir, row.storage_prefix, file));
      expect((await stored.metadata()).depth, file).toBe('uchar');
      const { data } = await stored.raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 3)], file).toEqual([RED.r, RED.g, RED.b]);
    }
  });
});
