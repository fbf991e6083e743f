import type { QualityMetrics } from '../quality.js';
import { blockiness } from './blockiness.js';
import { colourCast } from './colour-cast.js';
import { greyOf } from './grey-image.js';
import { hullShare } from './hull-share.js';
import type { RgbPixels } from './rgb-pixels.js';
import { sharpness } from './sharpness.js';
import { toneStatistics } from './tone.js';

/**
 * The longest side a photo is judged at: the standard resolution's, so a photo is judged as sharp
 * as the model will see it there, whatever the camera's pixel count.
 */
export const QUALITY_ANALYSIS_SIDE = 800;
/** The side of the full-scale centre crop compression artefacts are looked for in (resizing would blur the grid away). */
export const BLOCK_CROP_SIDE = 512;

/** The longest side of an upload's preview: its quality is measured on those pixels (the API's PREVIEW_SIDE). */
export const UPLOAD_PREVIEW_SIDE = 2048;

/** Where the centre crop blockiness is measured in lies in a picture of `width` × `height`. */
export function blockCropRect(width: number, height: number) {
  const cropWidth = Math.min(BLOCK_CROP_SIDE, width);
  const cropHeight = Math.min(BLOCK_CROP_SIDE, height);
  return {
    left: Math.floor((width - cropWidth) / 2),
    top: Math.floor((height - cropHeight) / 2),
    width: cropWidth,
    height: cropHeight,
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The metrics of a photo from its pixels at most QUALITY_ANALYSIS_SIDE on the longest side
 * (`analysed`) and a centre crop of at most BLOCK_CROP_SIDE of the pixels at full scale
 * (`blockCrop`), rounded to three decimals as they are stored. Resizing and cropping are the
 * caller's: sharp on the server, a canvas in the browser.
 */
export function measurePixelQuality(analysed: RgbPixels, blockCrop: RgbPixels): QualityMetrics {
  const grey = greyOf(analysed);
  const tone = toneStatistics(grey);
  const metrics: QualityMetrics = {
    sharpness: sharpness(grey, tone.contrast),
    ...tone,
    colour_cast: colourCast(analysed),
    blockiness: blockiness(greyOf(blockCrop)),
    hull_share: hullShare(analysed),
  };
  for (const name of Object.keys(metrics) as (keyof QualityMetrics)[]) metrics[name] = round(metrics[name]);
  return metrics;
}

/**
 * The blockiness crop of a picture larger than an upload's preview, as the upload sees it: `crop` in
 * the picture brought to the preview's scale, `source` the same region in the picture's own pixels
 * (a 4K video frame's block grid is measured where the upload would measure it, not at full scale).
 */
export function previewBlockCrop(width: number, height: number) {
  const scale = Math.min(1, UPLOAD_PREVIEW_SIDE / Math.max(width, height));
  const crop = blockCropRect(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  return {
    crop,
    source: {
      left: crop.left / scale,
      top: crop.top / scale,
      width: crop.width / scale,
      height: crop.height / scale,
    },
  };
}
