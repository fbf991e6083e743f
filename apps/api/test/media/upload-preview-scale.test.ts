// The upload's preview of a JPEG whose half size falls just short of PREVIEW_SIDE (a 12 MP phone
// photo) is its half-size decode (issue 21): its size, its picture, and damage still caught.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageRejectedError } from '../../src/media/image-rejected.js';
import { openImage } from '../../src/media/open-image.js';
import { PREVIEW_SIDE, UPLOAD_OPEN_OPTIONS, makeUploadRenditions } from '../../src/media/renditions.js';

const MAX_PIXELS = 100_000_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hullscope-upload-preview-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A JPEG with detail at every scale (gradients and rings), made small and enlarged: quick at 12 MP. */
async function photoFile(name: string, width: number, height: number, orientation = 1): Promise<string> {
  const small = { width: Math.round(width / 8), height: Math.round(height / 8) };
  const pixels = Buffer.alloc(small.width * small.height * 3);
  for (let y = 0; y < small.height; y += 1) {
    for (let x = 0; x < small.width; x += 1) {
      const at = (y * small.width + x) * 3;
      pixels[at] = (x * 200) / small.width + 20;
      pixels[at + 1] = 128 + Math.sin(Math.hypot(x - small.width / 3, y - small.height / 2) / 6) * 60;
      pixels[at + 2] = (y * 200) / small.height + 20;
    }
  }
  const file = path.join(dir, name);
  await sharp(pixels, { raw: { ...small, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

async function previewOf(file: string) {
  const opened = await openImage(file, MAX_PIXELS, UPLOAD_OPEN_OPTIONS);
  const { preview, thumbnail } = await makeUploadRenditions(opened.image);
  return { opened, preview: await sharp(preview).metadata(), thumbnail: await sharp(thumbnail).metadata() };
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index]! - b[index]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe("the upload's preview of a JPEG just over twice its size", () => {
  it('is the half-size decode of a 12 MP photo, the original size still recorded', async () => {
    const file = await photoFile('phone.jpg', 4032, 3024);
    const { opened, preview, thumbnail } = await previewOf(file);
    expect([opened.width, opened.height]).toEqual([4032, 3024]);
    expect([preview.width, preview.height]).toEqual([2016, 1512]);
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 240]);
    // The same picture a full-size decode reduced to that size gives.
    const opening = await openImage(file, MAX_PIXELS, UPLOAD_OPEN_OPTIONS);
    const { preview: bytes } = await makeUploadRenditions(opening.image);
    const shown = await sharp(bytes).raw().toBuffer();
    const reference = await sharp(file).resize(2016, 1512, { fit: 'fill' }).raw().toBuffer();
    expect(psnr(shown, reference)).toBeGreaterThan(38);
  });

  it('keeps the full-size decode where half would fall under 95 % of the preview, or it fits whole', async () => {
    // 3800 halves to 1900, 93 % of 2048: reduced from the full size instead.
    expect((await previewOf(await photoFile('under.jpg', 3800, 2850))).preview.width).toBe(PREVIEW_SIDE);
    // Smaller than the preview: kept at its own size.
    expect((await previewOf(await photoFile('small.jpg', 2000, 1500))).preview.width).toBe(2000);
    // Turned by its EXIF orientation (6): 3024 wide and 4032 high, previewed 1512 × 2016.
    const turned = await previewOf(await photoFile('turned.jpg', 4032, 3024, 6));
    expect([turned.preview.width, turned.preview.height]).toEqual([1512, 2016]);
  });

  it('still refuses a truncated 12 MP JPEG', async () => {
    const whole = await readFile(await photoFile('whole.jpg', 4032, 3024));
    const truncated = path.join(dir, 'truncated.jpg');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.95)));
    const opened = await openImage(truncated, MAX_PIXELS, UPLOAD_OPEN_OPTIONS);
    await expect(makeUploadRenditions(opened.image)).rejects.toBeInstanceOf(ImageRejectedError);
  });
});
