import type { GreyImage } from './grey-image.js';

/**
 * How strongly the picture steps at a regular grid, as block-based compression (JPEG, video codecs
 * of a diver's camera or an ROV link) leaves it when squeezed hard: for each grid period (8 px, and
 * 4 px for a JPEG decoded at half size), the mean luminance step between neighbouring columns (and
 * rows) at the strongest phase of the grid over the mean at the other phases. About 1 for a photo
 * without artefacts; the phase is not assumed, so cropping and rotation do not hide the grid.
 */
export function blockiness(grey: GreyImage): number {
  return Math.max(gridStep(grey, 8), gridStep(grey, 4));
}

function gridStep(grey: GreyImage, period: number): number {
  const columns = new Float64Array(period);
  const rows = new Float64Array(period);
  const { data, width, height } = grey;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x + 1 < width; x += 1)
      columns[x % period]! += Math.abs(data[row + x + 1]! - data[row + x]!);
  }
  for (let y = 0; y + 1 < height; y += 1) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < width; x += 1) sum += Math.abs(data[row + width + x]! - data[row + x]!);
    rows[y % period]! += sum;
  }
  return (peakOverRest(columns) + peakOverRest(rows)) / 2;
}

function peakOverRest(steps: Float64Array): number {
  let peak = 0;
  let total = 0;
  for (const step of steps) {
    total += step;
    peak = Math.max(peak, step);
  }
  const rest = (total - peak) / (steps.length - 1);
  return rest <= 0 ? 1 : peak / rest;
}
