import type { QualityMetrics } from '@hullscope/contract';
import sharp from 'sharp';
import type { RgbImage } from '../renditions.js';
import { blockiness } from './blockiness.js';
import { colourCast } from './colour-cast.js';
import { greyOf } from './grey-image.js';
import { hullShare } from './hull-share.js';
import { sharpness } from './sharpness.js';
import { toneStatistics } from './tone.js';

/**
 * The longest side a photo is judged at: the standard resolution's, so a photo is judged as sharp
 * as the model will see it there, whatever the camera's pixel count.
 */
export const QUALITY_ANALYSIS_SIDE = 800;
/** The side of the full-scale centre crop compression artefacts are looked for in (resizing would blur the grid away). */
const BLOCK_CROP_SIDE = 512;

/** What the pixels say about a photo's quality (issue 46 §1); see docs/image-quality.md for each. */
export type { QualityMetrics };

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Measures a decoded photo (8-bit RGB, at most the preview's size): everything but compression at
 * QUALITY_ANALYSIS_SIDE, compression artefacts in a centre crop of the pixels as given.
 */
export async function measureQuality(pixels: RgbImage): Promise<QualityMetrics> {
  const analysed = await analysisSize(pixels);
  const grey = greyOf(analysed);
  const tone = toneStatistics(grey);
  const metrics: QualityMetrics = {
    sharpness: sharpness(grey, tone.contrast),
    ...tone,
    colour_cast: colourCast(analysed),
    blockiness: blockiness(greyOf(centreCrop(pixels))),
    hull_share: hullShare(analysed),
  };
  for (const name of Object.keys(metrics) as (keyof QualityMetrics)[]) metrics[name] = round(metrics[name]);
  return metrics;
}

async function analysisSize(pixels: RgbImage): Promise<RgbImage> {
  if (Math.max(pixels.width, pixels.height) <= QUALITY_ANALYSIS_SIDE) return pixels;
  const { data, info } = await sharp(pixels.data, {
    raw: { width: pixels.width, height: pixels.height, channels: 3 },
  })
    .resize(QUALITY_ANALYSIS_SIDE, QUALITY_ANALYSIS_SIDE, { fit: 'inside', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function centreCrop(pixels: RgbImage): RgbImage {
  const width = Math.min(BLOCK_CROP_SIDE, pixels.width);
  const height = Math.min(BLOCK_CROP_SIDE, pixels.height);
  const left = Math.floor((pixels.width - width) / 2);
  const top = Math.floor((pixels.height - height) / 2);
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const start = ((top + y) * pixels.width + left) * 3;
    pixels.data.copy(data, y * width * 3, start, start + width * 3);
  }
  return { data, width, height };
}
