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
 * A region of an RGB image as the model's NCHW float input: scaled to 0..1, normalised with the
 * manifest's mean and std, and padded to the stride by repeating the edge pixels (zeros would read
 * as a dark border and skew the classes near it).
 */
export function toModelInput(image: RgbImage, region: Region, input: ModelManifest['input']): ModelInput {
  const width = roundUpToStride(region.width, input.stride);
  const height = roundUpToStride(region.height, input.stride);
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  const scale = input.std.map((std) => 1 / (255 * std));
  const offset = input.mean.map((mean, channel) => mean / input.std[channel]!);
  for (let y = 0; y < height; y += 1) {
    const sourceRow = (region.y + Math.min(y, region.height - 1)) * image.width + region.x;
    const targetRow = y * width;
    for (let x = 0; x < width; x += 1) {
      const source = (sourceRow + (x < region.width ? x : region.width - 1)) * 3;
      const target = targetRow + x;
      data[target] = image.data[source]! * scale[0]! - offset[0]!;
      data[plane + target] = image.data[source + 1]! * scale[1]! - offset[1]!;
      data[2 * plane + target] = image.data[source + 2]! * scale[2]! - offset[2]!;
    }
  }
  return { data, width, height };
}
