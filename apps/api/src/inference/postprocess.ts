import type { LabelPercentage, ModelClass } from '@hullscope/contract';
import type { RgbImage } from '../media/renditions.js';
import type { ClassMap } from './segment.js';

function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The class map painted in the classes' colours: the PRED image, the size of ORG. */
export function colourMask(map: ClassMap, classes: ModelClass[]): RgbImage {
  // A flat palette and plain indexed writes: this loop runs over every pixel of every prediction.
  const palette = Uint8Array.from(classes.flatMap((modelClass) => rgbOf(modelClass.hex_color)));
  const { classes: pixels } = map;
  const data = Buffer.allocUnsafe(pixels.length * 3);
  for (let pixel = 0, out = 0; pixel < pixels.length; pixel += 1, out += 3) {
    const entry = pixels[pixel]! * 3;
    data[out] = palette[entry]!;
    data[out + 1] = palette[entry + 1]!;
    data[out + 2] = palette[entry + 2]!;
  }
  return { data, width: map.width, height: map.height };
}

/**
 * Share of each counted class (Background and other `in_percentages: false` classes excluded),
 * in percent with two decimals that sum to exactly 100 (largest remainder), or all 0 when no pixel
 * belongs to a counted class.
 */
export function classPercentages(map: Pick<ClassMap, 'counts'>, classes: ModelClass[]): LabelPercentage[] {
  const { counts } = map;
  const counted = classes
    .map((modelClass, index) => ({ modelClass, count: counts[index]! }))
    .filter((entry) => entry.modelClass.in_percentages);
  const total = counted.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) {
    return counted.map(({ modelClass }) => ({
      label: modelClass.label,
      hex_color: modelClass.hex_color,
      percentage: 0,
    }));
  }
  const HUNDREDTHS = 10_000;
  const exact = counted.map((entry) => (entry.count * HUNDREDTHS) / total);
  const units = exact.map(Math.floor);
  let remainder = HUNDREDTHS - units.reduce((sum, value) => sum + value, 0);
  const byFraction = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction);
  for (const { index } of byFraction) {
    if (remainder === 0) break;
    units[index]! += 1;
    remainder -= 1;
  }
  return counted.map(({ modelClass }, index) => ({
    label: modelClass.label,
    hex_color: modelClass.hex_color,
    percentage: units[index]! / 100,
  }));
}
