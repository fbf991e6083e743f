import {
  QUALITY_ANALYSIS_SIDE,
  blockCropRect,
  type QualityMetrics,
  measurePixelQuality,
} from '@hullscope/contract';
import sharp from 'sharp';
import type { RgbImage } from '../renditions.js';

/** What the pixels say about a photo's quality (issue 46 §1); see docs/image-quality.md for each. */
export type { QualityMetrics };

/**
 * Measures a decoded photo (8-bit RGB, at most the preview's size): everything but compression at
 * QUALITY_ANALYSIS_SIDE, compression artefacts in a centre crop of the pixels as given.
 */
export async function measureQuality(pixels: RgbImage): Promise<QualityMetrics> {
  return measurePixelQuality(await analysisSize(pixels), centreCrop(pixels));
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
  const { left, top, width, height } = blockCropRect(pixels.width, pixels.height);
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const start = ((top + y) * pixels.width + left) * 3;
    pixels.data.copy(data, y * width * 3, start, start + width * 3);
  }
  return { data, width, height };
}
