import { type GreyImage, percentiles } from './grey-image.js';

/** Below this luminance detail is lost in the dark (crushed blacks, unlit water). */
const DARK_BELOW = 0.06;
/** Above this luminance detail is lost in the light (blown highlights, backscatter). */
const BRIGHT_ABOVE = 0.96;

export interface ToneStatistics {
  /** Mean luminance, 0 to 1: exposure. */
  brightness: number;
  /** Luminance spread between the 2nd and 98th percentiles, 0 to 1: turbid water and haze lift the darks and dim the lights. */
  contrast: number;
  /** Share of pixels too dark to show detail. */
  dark_share: number;
  /** Share of pixels too bright to show detail. */
  bright_share: number;
}

/** Exposure and contrast of a photo from its luminance. */
export function toneStatistics(grey: GreyImage): ToneStatistics {
  let sum = 0;
  let dark = 0;
  let bright = 0;
  for (const value of grey.data) {
    sum += value;
    if (value < DARK_BELOW) dark += 1;
    else if (value > BRIGHT_ABOVE) bright += 1;
  }
  const count = Math.max(1, grey.data.length);
  const [low, high] = percentiles(grey.data, [0.02, 0.98]) as [number, number];
  return {
    brightness: sum / count,
    contrast: high - low,
    dark_share: dark / count,
    bright_share: bright / count,
  };
}
