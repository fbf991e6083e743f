// The model's input at the standard resolution (issue 44 §2): the upload keeps it from its own decode,
// and a prediction without it decodes the original to the same bytes.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImage } from '../../src/media/open-image.js';
import { UPLOAD_OPEN_OPTIONS, makeUploadRenditions } from '../../src/media/renditions.js';
import { decodeStandardInput, keptStandardInput } from '../../src/media/standard-input.js';
import { decodeUpload } from '../../src/media/upload-decode.js';
import { noiseImage } from '../support/images.js';

const MAX_PIXELS = 100_000_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hullscope-standard-input-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Grain enlarged to `width` × `height`: detail at every scale, quick to make at 12 MP. */
async function photoFile(name: string, width: number, height: number, orientation = 1): Promise<string> {
  const small = noiseImage(Math.round(width / 6), Math.round(height / 6), width + height);
  const file = path.join(dir, name);
  const image = sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .withMetadata({ orientation });
  await (name.endsWith('.png') ? image.png() : image.jpeg({ quality: 90 })).toFile(file);
  return file;
}

/** What an upload keeps: its preview's pixels, reduced to the standard resolution. */
async function keptAtUpload(file: string) {
  const { standardInput } = await decodeUpload(file, MAX_PIXELS);
  expect(standardInput).toBeDefined();
  return standardInput!;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the standard input', () => {
  it.each([
    ['a 12 MP phone JPEG (decoded at half size)', 'phone.jpg', 4032, 3024, 1, [800, 600]],
    ['a JPEG turned by its EXIF orientation', 'turned.jpg', 2400, 1800, 6, [600, 800]],
    ['a PNG under the preview size', 'small.png', 1000, 750, 1, [800, 600]],
    ['a photo under the standard size (never enlarged)', 'tiny.jpg', 640, 480, 1, [640, 480]],
  ] as const)(
    'kept at upload is, byte for byte, what decoding the original gives: %s',
    async (_, name, width, height, orientation, size) => {
      const file = await photoFile(name, width, height, orientation);
      const kept = await keptAtUpload(file);
      expect([kept.width, kept.height]).toEqual(size);
      const decoded = await decodeStandardInput(file, MAX_PIXELS);
      expect([decoded.width, decoded.height]).toEqual(size);
      expect(decoded.data.equals(kept.data)).toBe(true);
    },
  );

  // What the API serves at standard is ORG (this input, as JPEG) and PRED (the model's reading of it):
  // a change to how the input is made must show here, not only as two paths agreeing.
  it.each([
    ['upright', 1, '4c8ca62e0fc868a66b3257c370ae0bb9b261af1ef3f56b03ec2534a56fc2a728'],
    ['turned by EXIF', 6, '0d370c4ff5f236d2f26f28a4c1ae6ea799fccbc60818b1b6d8a83d9a1db7d29d'],
  ] as const)(
    'of a fixed 12 MP phone JPEG (%s) has the bytes it had when the upload began keeping it',
    async (_, orientation, hash) => {
      const file = await photoFile(`fixed-${orientation}.jpg`, 4032, 3024, orientation);
      expect(sha256((await decodeStandardInput(file, MAX_PIXELS)).data)).toBe(hash);
    },
  );

  it('decoded from a transparent original is flattened on black, where the preview is flattened on white', async () => {
    const file = path.join(dir, 'transparent.png');
    await sharp({
      create: { width: 1000, height: 750, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toFile(file);
    const opened = await openImage(file, MAX_PIXELS, UPLOAD_OPEN_OPTIONS);
    expect(opened.hasAlpha).toBe(true);
    const { pixels } = await makeUploadRenditions(opened.image);
    expect(pixels.data.every((byte) => byte === 255)).toBe(true);
    const decoded = await decodeStandardInput(file, MAX_PIXELS);
    expect([decoded.width, decoded.height]).toEqual([800, 600]);
    expect(decoded.data.every((byte) => byte === 0)).toBe(true);
  });

  it('is kept for an opaque HEIC photo (libheif answers RGBA, every pixel opaque)', async () => {
    const file = fileURLToPath(new URL('../fixtures/images/red-48x32.heic', import.meta.url));
    const opened = await openImage(file, MAX_PIXELS, UPLOAD_OPEN_OPTIONS);
    expect([opened.format, opened.hasAlpha]).toEqual(['heif', false]);
    const kept = await keptAtUpload(file);
    expect((await decodeStandardInput(file, MAX_PIXELS)).data.equals(kept.data)).toBe(true);
  });

  it('is read back only where its length is that of the standard size of the original', () => {
    const original = { width: 4032, height: 3024 };
    const kept = keptStandardInput(Buffer.alloc(800 * 600 * 3, 7), original);
    expect(kept && [kept.width, kept.height, kept.data[0]]).toEqual([800, 600, 7]);
    expect(keptStandardInput(Buffer.alloc(800 * 600 * 3 - 3), original)).toBeUndefined();
    expect(keptStandardInput(Buffer.alloc(0), original)).toBeUndefined();
  });
});
