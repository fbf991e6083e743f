import { type GreyImage, percentiles } from './grey-image.js';

/**
 * The smallest luminance spread sharpness is divided by: a nearly flat picture has no edges to be
 * sharp, and dividing by its tiny spread would make its noise look like detail.
 */
const MIN_SPREAD = 0.05;

/**
 * How crisp the photo's strongest edges are: the 99th percentile of the absolute 4-neighbour
 * Laplacian, divided by the luminance spread so that haze and dim light (which scale edges and
 * spread alike) do not read as blur. A high percentile rather than the usual variance, because a
 * hull photo is often mostly smooth paint with a few sharp edges (tags, welds, growth), and the
 * variance would call it blurred.
 */
export function sharpness(grey: GreyImage, spread: number): number {
  const { data, width, height } = grey;
  if (width < 3 || height < 3) return 0;
  const laplacian = new Float32Array((width - 2) * (height - 2));
  let at = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const index = y * width + x;
      laplacian[at++] = Math.abs(
        4 * data[index]! - data[index - 1]! - data[index + 1]! - data[index - width]! - data[index + width]!,
      );
    }
  }
  return percentiles(laplacian, [0.99], 2, 4096)[0]! / Math.max(MIN_SPREAD, spread);
}
