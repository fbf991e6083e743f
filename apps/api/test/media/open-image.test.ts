import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageRejectedError } from '../../src/media/image-rejected.js';
import { openImage } from '../../src/media/open-image.js';
import { resizeToRgb } from '../../src/media/renditions.js';

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

/** A flat-coloured JPEG file, quick to make at any size. */
async function plainJpegFile(name: string, width: number, height: number): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: '#4a7a8c' } })
    .jpeg()
    .toFile(file);
  return file;
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index]! - b[index]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe('openImage with the size it will be resized to', () => {
  it('decodes a JPEG file at half size when it will be reduced 2 to 3 times, and only then', async () => {
    const file = await photoFile('large.jpg', 2400, 1800);
    const decodedWidth = async (input: string | Buffer, fitSide: number) =>
      (await (await openImage(input, MAX_PIXELS, { fitSide })).image.metadata()).width;
    expect(await decodedWidth(file, 1000)).toBe(1200);
    expect(await decodedWidth(file, 1200)).toBe(1200);
    // From 3× on sharp shrinks on load itself; below 2× half size would not cover the resolution.
    expect(await decodedWidth(file, 700)).toBe(2400);
    expect(await decodedWidth(file, 1300)).toBe(2400);
    // libvips rounds the halved size down: 3839 px halves to 1919, short of 1920.
    expect(await decodedWidth(await plainJpegFile('odd.jpg', 3839, 2159), 1920)).toBe(3839);
    // Bytes in memory cannot carry the scale: they decode at full size.
    expect(await decodedWidth(await readFile(file), 1000)).toBe(2400);
  });

  it('resizes to the size the original gives, however it was decoded', async () => {
    for (const [width, height, fitSide, expected] of [
      [1602, 1203, 800, [800, 601]], // half size is 801 × 601, which a plain fit takes to 800 × 600
      [3839, 2159, 1920, [1920, 1080]],
      [20_000, 2000, 800, [800, 80]], // a panorama: sharp's own 1/8 decode, then a reduction of 3×
    ] as const) {
      const file = await plainJpegFile(`${width}x${height}.jpg`, width, height);
      const rgb = await resizeToRgb(await openImage(file, MAX_PIXELS, { fitSide }), fitSide);
      expect([rgb.width, rgb.height], `${width}x${height}`).toEqual(expected);
      expect(rgb.data).toHaveLength(expected[0] * expected[1] * 3);
    }
  });

  it('gives the picture a full-size decode gives, turned by its EXIF orientation', async () => {
    // Orientation 6: stored 2400 × 1800, shown 1800 wide and 2400 high.
    const file = await photoFile('turned.jpg', 2400, 1800, 6);
    const scaled = await resizeToRgb(await openImage(file, MAX_PIXELS, { fitSide: 1000 }), 1000);
    const full = await resizeToRgb(await openImage(file, MAX_PIXELS), 1000);
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
    await expect(resizeToRgb(opened, 1000)).rejects.toThrow(/premature end/i);
  });

  it('fails for a file that is not there with its own error, not as a bad image', async () => {
    const missing = path.join(dir, 'deleted.jpg');
    const opening = openImage(missing, MAX_PIXELS, { fitSide: 800 });
    await expect(opening).rejects.toThrow(/missing|no such file/i);
    await expect(opening).rejects.not.toBeInstanceOf(ImageRejectedError);
  });
});

describe('openImage of images wider than 8 bits', () => {
  /** A flat PNG in `space` (sharp's name for grey16 / rgb16), with or without alpha. */
  function png(space: 'b-w' | 'grey16' | 'srgb' | 'rgb16', alpha: boolean, width = 48, height = 32) {
    const colour = { r: 180, g: 90, b: 30, ...(alpha ? { alpha: 0.6 } : {}) };
    return sharp({ create: { width, height, channels: alpha ? 4 : 3, background: colour } })
      .toColourspace(space)
      .png()
      .toBuffer();
  }

  it('reads 16-bit grey and colour PNGs, with alpha or without, as their 8-bit versions read', async () => {
    const cases = [
      ['grey16', 'b-w'],
      ['rgb16', 'srgb'],
    ] as const;
    for (const [wide, narrow] of cases) {
      for (const alpha of [false, true]) {
        const wideImage = await openImage(await png(wide, alpha), MAX_PIXELS);
        const narrowImage = await openImage(await png(narrow, alpha), MAX_PIXELS);
        expect((await resizeToRgb(wideImage, 24)).data, `${wide} alpha ${alpha}`).toEqual(
          (await resizeToRgb(narrowImage, 24)).data,
        );
      }
    }
  });

  it('refuses from the header an image that decodes to more than 4 bytes per allowed pixel', async () => {
    // 10 000 pixels allowed: 40 000 bytes decoded. 100 × 80 RGB is 24 000 bytes at 8 bits, 48 000 at 16.
    await expect(openImage(await png('srgb', false, 100, 80), 10_000)).resolves.toMatchObject({ width: 100 });
    const opening = openImage(await png('rgb16', false, 100, 80), 10_000);
    await expect(opening).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(opening).rejects.toThrow(/^the image has 100 × 80 pixels of 3 channels at 16 bits, /);
  });
});
