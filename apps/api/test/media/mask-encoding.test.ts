import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { classPalette, smallColourMask } from '../../src/inference/postprocess.js';
import { encodeIndexedPng } from '../../src/media/indexed-png.js';
import { overlayThumbnail, thumbnailSize } from '../../src/media/renditions.js';

const classes = [
  { label: 'Background', hex_color: '#000000', in_percentages: false },
  { label: 'Clean Structure', hex_color: '#e0301e', in_percentages: true },
  { label: 'Slime', hex_color: '#2fa84f', in_percentages: true },
  { label: 'Hard Fouling', hex_color: '#1c5fd6', in_percentages: true },
];
const palette = classPalette(classes);

/** A deterministic scatter of class indices, so every row and column differs. */
function scatteredClasses(width: number, height: number): Uint8Array {
  return Uint8Array.from(
    { length: width * height },
    (_, pixel) => (pixel * 7 + (pixel >> 5)) % classes.length,
  );
}

describe('encodeIndexedPng (PRED)', () => {
  it('writes a palette PNG that decodes to each class colour at each pixel, at an odd size', async () => {
    const [width, height] = [37, 23];
    const indices = scatteredClasses(width, height);
    const png = await encodeIndexedPng(indices, width, height, palette);

    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width, height, isPalette: true, bitsPerSample: 8 });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      const entry = indices[pixel]! * 3;
      expect([...data.subarray(pixel * 3, pixel * 3 + 3)]).toEqual([...palette.subarray(entry, entry + 3)]);
    }
  });

  it('refuses indices that do not fill the size, and palettes PNG cannot hold', async () => {
    await expect(encodeIndexedPng(new Uint8Array(5), 2, 3, palette)).rejects.toThrow('do not fill 2x3');
    await expect(encodeIndexedPng(new Uint8Array(6), 2, 3, new Uint8Array(4))).rejects.toThrow('palette');
    await expect(encodeIndexedPng(new Uint8Array(6), 2, 3, new Uint8Array(0))).rejects.toThrow('palette');
    await expect(encodeIndexedPng(new Uint8Array(6), 2, 3, new Uint8Array(257 * 3))).rejects.toThrow(
      'palette',
    );
    await expect(encodeIndexedPng(new Uint8Array(0), 0, 3, palette)).rejects.toThrow('at least 1x1');
  });
});

describe('prediction thumbnail', () => {
  it('shrinks the class map by nearest neighbour, so the mask keeps pure class colours', () => {
    // 4 × 3 blocks of 100 px, each its own class, with a one-pixel line of another class on every
    // block edge that a smoothing shrink would blend in; shrunk to 8 × 6, two small pixels a block.
    const [width, height] = [400, 300];
    const blockClass = (column: number, row: number) => (column + row * 4) % 3;
    const map = new Uint8Array(width * height);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const onEdge = x % 100 === 0 || y % 100 === 0;
        map[y * width + x] = onEdge ? 3 : blockClass(Math.floor(x / 100), Math.floor(y / 100));
      }
    }
    const small = smallColourMask({ classes: map, width, height }, palette, { width: 8, height: 6 });
    expect(small).toMatchObject({ width: 8, height: 6 });
    for (let y = 0; y < 6; y += 1) {
      for (let x = 0; x < 8; x += 1) {
        const entry = blockClass(x >> 1, y >> 1) * 3;
        const pixel = (y * 8 + x) * 3;
        expect([...small.data.subarray(pixel, pixel + 3)], `(${x}, ${y})`).toEqual([
          ...palette.subarray(entry, entry + 3),
        ]);
      }
    }
  });

  it('sizes the thumbnail as sharp fits an image inside it, never enlarged', async () => {
    for (const [width, height] of [
      [1919, 1081],
      [321, 1],
      [5000, 7],
      [200, 100],
      [1000, 750],
    ] as const) {
      const fitted = await sharp({ create: { width, height, channels: 3, background: '#000' } })
        .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(thumbnailSize(width, height), `${width}x${height}`).toEqual({
        width: fitted.info.width,
        height: fitted.info.height,
      });
    }
  });

  it('blends the mask over the photo at the thumbnail size of the photo', async () => {
    const [width, height] = [1000, 750];
    const photo = { data: Buffer.alloc(width * height * 3, 255), width, height };
    const size = thumbnailSize(width, height);
    expect(size).toEqual({ width: 320, height: 240 });
    const mask = smallColourMask(
      { classes: new Uint8Array(width * height).fill(3), width, height },
      palette,
      size,
    );

    const thumbnail = await overlayThumbnail(photo, mask);
    const { data, info } = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
    expect((await sharp(thumbnail).metadata()).format).toBe('jpeg');
    expect(info).toMatchObject({ width: 320, height: 240 });
    // White photo under Hard Fouling blue at half opacity: halfway between the two, give or take JPEG.
    const centre = (120 * 320 + 160) * 3;
    [142, 175, 235].forEach((expected, channel) => expect(data[centre + channel]).toBeCloseTo(expected, -1));
  });
});
