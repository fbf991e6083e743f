import type { ModelManifest } from '@hullscope/contract';
import type { RgbImage } from '../media/renditions.js';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ModelInput {
  data: Float32Array;
  /** Padded to multiples of the stride. */
  width: number;
  height: number;
}

export function roundUpToStride(value: number, stride: number): number {
  return Math.ceil(value / stride) * stride;
}

/**
 * Per channel, the normalised value of each byte 0..255, (byte / 255 - mean) / std: one table read
 * instead of arithmetic per sample.
 */
function normalisationTables(input: ModelManifest['input']): Float32Array[] {
  return input.mean.map((mean, channel) => {
    const std = input.std[channel]!;
    const scale = 1 / (255 * std);
    const offset = mean / std;
    return Float32Array.from({ length: 256 }, (_, byte) => byte * scale - offset);
  });
}

/**
 * A region of an RGB image as the model's NCHW float input: scaled to 0..1, normalised with the
 * manifest's mean and std, and padded to the stride by repeating the edge pixels (zeros would read
 * as a dark border and skew the classes near it). Written row by row without per-pixel edge
 * clamping: at Full HD this runs over about 5 million tile pixels per image.
 */
export function toModelInput(image: RgbImage, region: Region, input: ModelManifest['input']): ModelInput {
  const width = roundUpToStride(region.width, input.stride);
  const height = roundUpToStride(region.height, input.stride);
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  const [red, green, blue] = normalisationTables(input) as [Float32Array, Float32Array, Float32Array];
  const source = image.data;
  for (let y = 0; y < region.height; y += 1) {
    let from = ((region.y + y) * image.width + region.x) * 3;
    const rowStart = y * width;
    const rowEnd = rowStart + region.width;
    for (let target = rowStart; target < rowEnd; target += 1, from += 3) {
      data[target] = red[source[from]!]!;
      data[plane + target] = green[source[from + 1]!]!;
      data[2 * plane + target] = blue[source[from + 2]!]!;
    }
    for (let channel = 0; channel < 3; channel += 1) {
      const offset = channel * plane;
      data.fill(data[offset + rowEnd - 1]!, offset + rowEnd, offset + rowStart + width);
    }
  }
  // Rows below the region repeat its last row.
  for (let channel = 0; channel < 3; channel += 1) {
    const offset = channel * plane;
    const lastRow = offset + (region.height - 1) * width;
    for (let y = region.height; y < height; y += 1)
      data.copyWithin(offset + y * width, lastRow, lastRow + width);
  }
  return { data, width, height };
}
