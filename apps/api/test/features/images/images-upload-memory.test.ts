import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { filesUnder, upload } from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;
let projectId: number;

beforeAll(async () => {
  // The product's own limits: 100 MP, 2 uploads in progress per user.
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

/** A multipart upload whose body stays open until `finish`: an upload in progress. */
function openUpload(user: SignedInUser, file: Buffer) {
  const boundary = 'open-upload-boundary';
  const body = new PassThrough();
  const response = t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/image-upload/`,
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  body.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="open.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  body.write(file.subarray(0, 16));
  return {
    response,
    finish: () => body.end(Buffer.concat([file.subarray(16), Buffer.from(`\r\n--${boundary}--\r\n`)])),
  };
}

/** Waits until the server is writing `count` staged files: that many uploads are being received. */
async function uploadsReceiving(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await filesUnder(t.config.uploads.tempDir)).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} uploads are being received`);
    await setTimeout(20);
  }
}

describe('uploads in progress per user', () => {
  it('refuses a third at once with 429 before reading its body; others and later ones go through', async () => {
    const png = await sixteenBitPng(64, 48, 3);
    const first = openUpload(owner, png);
    const second = openUpload(owner, Buffer.from('not an image at all'));
    await uploadsReceiving(2);

    // Its body stays open: only an answer given before reading it can arrive.
    const open = openUpload(owner, png);
    const third = await Promise.race([open.response, setTimeout(5000, undefined)]);
    open.finish();
    expect(third?.statusCode, 'answered while its body was still open').toBe(429);
    expect(third?.json()).toEqual({
      detail: 'You already have 2 uploads in progress. Wait until one has finished, then try again.',
    });
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const theirs = await createProject(t.app, stranger.headers);
    const other = await upload(t.app, stranger.headers, theirs, [{ name: 'x.png', data: png }]);
    expect(other.statusCode, other.body).toBe(201);

    first.finish();
    second.finish();
    expect((await first.response).statusCode).toBe(201);
    expect((await second.response).statusCode).toBe(400);

    // Both slots are free again, whether their upload was stored or refused.
    const again = [openUpload(owner, png), openUpload(owner, png)];
    await uploadsReceiving(2);
    for (const held of again) held.finish();
    expect((await Promise.all(again.map((held) => held.response))).map((r) => r.statusCode)).toEqual([
      201, 201,
    ]);
  });
});
