import type { RgbImage } from '../media/renditions.js';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A region's RGB bytes as the fused model takes them (fused-model.ts): NHWC, padded to the stride. */
export interface ModelInput {
  data: Uint8Array;
  /** Padded to multiples of the stride. */
  width: number;
  height: number;
  /**
   * Whether `data` is a copy made for this input whose ArrayBuffer holds nothing else, so it may be
   * moved to another thread; false when it is the image's own pixels.
   */
  copied: boolean;
}

export function roundUpToStride(value: number, stride: number): number {
  return Math.ceil(value / stride) * stride;
}

/**
 * A region of an RGB image padded to multiples of the stride by repeating its edge pixels (zeros
 * would read as a dark border and skew the classes near it). A region that is the whole image and
 * already fits the stride is passed as is; otherwise rows are copied whole, which costs about a
 * millisecond at Full HD. Normalisation happens inside the fused model.
 */
export function toModelInput(image: RgbImage, region: Region, stride: number): ModelInput {
  const width = roundUpToStride(region.width, stride);
  const height = roundUpToStride(region.height, stride);
  const source = image.data;
  const wholeImage = region.x === 0 && region.y === 0 && width === image.width && height === image.height;
  if (wholeImage && source.length === width * height * 3) {
    return { data: source, width, height, copied: false };
  }
  const rowBytes = width * 3;
  // Never from Node's shared pool for small buffers: the copy must own its ArrayBuffer (see copied).
  const data = Buffer.allocUnsafeSlow(height * rowBytes);
  for (let y = 0; y < region.height; y += 1) {
    const from = ((region.y + y) * image.width + region.x) * 3;
    const rowStart = y * rowBytes;
    source.copy(data, rowStart, from, from + region.width * 3);
    const lastPixel = rowStart + (region.width - 1) * 3;
    for (let target = lastPixel + 3; target < rowStart + rowBytes; target += 3) {
      data.copyWithin(target, lastPixel, lastPixel + 3);
    }
  }
  // Rows below the region repeat its last row.
  const lastRow = (region.height - 1) * rowBytes;
  for (let y = region.height; y < height; y += 1) data.copyWithin(y * rowBytes, lastRow, lastRow + rowBytes);
  return { data, width, height, copied: true };
}
