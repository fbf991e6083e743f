import type { ImageQuality } from '../quality.js';
import { QUALITY_ANALYSIS_SIDE, measurePixelQuality } from './measure-pixels.js';
import { type QualityThresholds, judgeQuality } from './quality-grade.js';
import { type RgbPixels, rgbOfRgba } from './rgb-pixels.js';

/**
 * A picture's photo quality from RGBA pixels (a canvas's getImageData: video frames in the browser,
 * issue 46 §1), measured and graded exactly as an upload is.
 */

/** The two RGBA pictures of a frame its quality is measured on. */
export interface RgbaQualityPixels {
  /** The frame scaled to qualityAnalysisSize: at most QUALITY_ANALYSIS_SIDE on its longest side. */
  analysed: RgbPixels;
  /** The blockCropRect centre crop of the frame at full scale. */
  blockCrop: RgbPixels;
}

/** The size a picture of `width` × `height` is measured at: scaled down to fit QUALITY_ANALYSIS_SIDE, never up. */
export function qualityAnalysisSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, QUALITY_ANALYSIS_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function measureRgbaQuality(pixels: RgbaQualityPixels, thresholds: QualityThresholds): ImageQuality {
  const metrics = measurePixelQuality(rgbOfRgba(pixels.analysed), rgbOfRgba(pixels.blockCrop));
  return { ...judgeQuality(metrics, thresholds), metrics };
}
