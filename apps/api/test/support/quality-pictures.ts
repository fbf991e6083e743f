import sharp from 'sharp';

// Pictures of known quality for the quality tests: a clear hull-like picture and the same veiled by water.

export const SIDE = 512;

/**
 * A hull-like picture: reddish paint with shading, dark sharp-edged patches (growth, tags) and fine
 * texture, so it has edges at every scale and no colour far from neutral on average.
 */
export function hullPixels(width = SIDE, height = SIDE): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 46;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = ((seed >>> 24) - 128) / 10;
      // Patch sizes off the 8-px grid, so their edges are no block grid of their own.
      const patch = (Math.floor(x / 47) + Math.floor(y / 61)) % 3 === 0;
      const shade = 40 * Math.sin(x / 37) * Math.cos(y / 53);
      const at = (y * width + x) * 3;
      pixels[at] = clamp((patch ? 60 : 170) + shade + grain);
      pixels[at + 1] = clamp((patch ? 70 : 110) + shade + grain);
      pixels[at + 2] = clamp((patch ? 60 : 100) + shade + grain);
    }
  }
  return pixels;
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
export const raw = { raw: { width: SIDE, height: SIDE, channels: 3 as const } };

/** The picture veiled by turbid green water: `veil` of each pixel is the water's colour. */
export function hazed(veil: number): sharp.Sharp {
  return sharp(veiled(hullPixels(), veil), raw);
}

/** `pixels` (RGB) veiled by turbid green water, in place: `veil` of each pixel is the water's colour. */
export function veiled(pixels: Buffer, veil: number): Buffer {
  const water = [74, 107, 94];
  for (let index = 0; index < pixels.length; index += 1) {
    pixels[index] = Math.round(pixels[index]! * (1 - veil) + water[index % 3]! * veil);
  }
  return pixels;
}

/**
 * For tests that pool the fixture model's banded pictures: flat colour bands are no photos, and
 * measured as photos they are poor (no edges, no contrast), so by default they would be left out of
 * the ratings those tests pool. Quality's own effect on ratings: inspection-quality.test.ts.
 */
export const COUNT_POOR_PHOTOS_ENV = { RATINGS_INCLUDE_POOR_PHOTOS: 'true' };
