import type { RgbPixels } from './rgb-pixels.js';

/** Luminance, 0 (black) to 1 (white), row by row. */
export interface GreyImage {
  data: Float32Array;
  width: number;
  height: number;
}

/** Rec. 601 luma of 8-bit sRGB pixels: what a person reads as light and dark. */
export function greyOf(rgb: RgbPixels): GreyImage {
  const pixels = rgb.width * rgb.height;
  const data = new Float32Array(pixels);
  for (let index = 0, at = 0; index < pixels; index += 1, at += 3) {
    data[index] = (0.299 * rgb.data[at]! + 0.587 * rgb.data[at + 1]! + 0.114 * rgb.data[at + 2]!) / 255;
  }
  return { data, width: rgb.width, height: rgb.height };
}

/**
 * The values below which each of `shares` (0 to 1) of `values` lie, read from one histogram of
 * `bins` equal bins over 0 to `top` (values above `top` count in the last): exact enough for
 * thresholds, and linear in the number of pixels where sorting is not.
 */
export function percentiles(values: Float32Array, shares: readonly number[], top = 1, bins = 1024): number[] {
  const counts = new Uint32Array(bins);
  const scale = bins / top;
  for (const value of values) counts[Math.min(bins - 1, Math.max(0, Math.floor(value * scale)))]! += 1;
  return shares.map((share) => {
    const wanted = share * values.length;
    let seen = 0;
    for (let bin = 0; bin < bins; bin += 1) {
      seen += counts[bin]!;
      if (seen >= wanted) return ((bin + 0.5) / bins) * top;
    }
    return top;
  });
}
