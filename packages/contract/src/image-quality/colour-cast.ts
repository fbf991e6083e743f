import type { RgbPixels } from './rgb-pixels.js';

/** The darkest mean the cast is divided by, so a nearly black photo's noise is no cast. */
const MIN_MEAN = 0.04;

/**
 * How far the photo's average colour is from grey: the range of the three channel means over their
 * average (0: neutral; 0.5: one channel half as strong as another). Water absorbs red first, so
 * deep or turbid water makes photos green or blue; a strong cast hides the colours that tell
 * algae, slime and paint apart.
 */
export function colourCast(rgb: RgbPixels): number {
  const sums = [0, 0, 0];
  for (let at = 0; at < rgb.data.length; at += 3) {
    sums[0]! += rgb.data[at]!;
    sums[1]! += rgb.data[at + 1]!;
    sums[2]! += rgb.data[at + 2]!;
  }
  const pixels = Math.max(1, rgb.width * rgb.height);
  const means = sums.map((sum) => sum / pixels / 255);
  const average = (means[0]! + means[1]! + means[2]!) / 3;
  return (Math.max(...means) - Math.min(...means)) / Math.max(MIN_MEAN, average);
}
