import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openImage } from '../src/media/open-image.js';
import { resizeToRgb } from '../src/media/renditions.js';

const MAX_PIXELS = 100_000_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hullscope-open-image-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A smooth picture with detail at every scale (gradients and rings), as a JPEG file. */
async function photoFile(name: string, width: number, height: number, orientation = 1): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const ring = Math.sin(Math.hypot(x - width / 3, y - height / 2) / 40) * 60;
      const at = (y * width + x) * 3;
      pixels[at] = (x * 200) / width + 20;
      pixels[at + 1] = 128 + ring;
      pixels[at + 2] = (y * 200) / height + 20;
    }
  }
  const file = path.join(dir, name);
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index]! - b[index]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe('openImage with the size it will be resized to', () => {
  it('decodes a JPEG file at the smallest scale that still covers that size', async () => {
    const file = await photoFile('large.jpg', 2400, 1800);
    const scaled = async (fitSide: number) =>
      (await (await openImage(file, MAX_PIXELS, { fitSide })).image.metadata()).width;
    // 2400 px: to 1000 px at 1/2 (1200), to 500 at 1/4 (600), to 300 at 1/8; to 1300 px at full size.
    expect(await scaled(1000)).toBe(1200);
    expect(await scaled(500)).toBe(600);
    expect(await scaled(300)).toBe(300);
    expect(await scaled(1300)).toBe(2400);
    // Bytes in memory cannot carry the scale: they decode at full size.
    const fromBytes = await openImage(await readFile(file), MAX_PIXELS, { fitSide: 1000 });
    expect((await fromBytes.image.metadata()).width).toBe(2400);
  });

  it('gives the picture a full-size decode gives, turned by its EXIF orientation', async () => {
    // Orientation 6: stored 2400 × 1800, shown 1800 wide and 2400 high.
    const file = await photoFile('turned.jpg', 2400, 1800, 6);
    const scaled = await resizeToRgb((await openImage(file, MAX_PIXELS, { fitSide: 1000 })).image, 1000);
    const full = await resizeToRgb((await openImage(file, MAX_PIXELS)).image, 1000);
    expect([scaled.width, scaled.height]).toEqual([750, 1000]);
    expect([full.width, full.height]).toEqual([750, 1000]);
    expect(psnr(scaled.data, full.data)).toBeGreaterThan(40);
  });

  it('still refuses a truncated JPEG when decoding at a reduced scale', async () => {
    const whole = await photoFile('whole.jpg', 2400, 1800);
    const truncated = path.join(dir, 'truncated.jpg');
    const bytes = await readFile(whole);
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const opened = await openImage(truncated, MAX_PIXELS, { fitSide: 1000 });
    await expect(resizeToRgb(opened.image, 1000)).rejects.toThrow(/premature end/i);
  });
});
