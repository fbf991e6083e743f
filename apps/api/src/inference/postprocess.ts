import type { LabelPercentage, ModelClass } from '@hullscope/contract';
import type { RgbImage } from '../media/renditions.js';
import type { ClassMap } from './segment.js';

function rgbOf(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The classes' colours as RGB triplets in class-index order: the palette of the PRED PNG. */
export function classPalette(classes: ModelClass[]): Uint8Array {
  return Uint8Array.from(classes.flatMap((modelClass) => rgbOf(modelClass.hex_color)));
}

/**
 * The class map shrunk to `size` by nearest neighbour (class colours stay pure) and
 * painted with `palette`: the mask layer of the prediction thumbnail. Sampling the small grid
 * directly costs a few thousand reads instead of painting and shrinking the full-size mask.
 */
export function smallColourMask(
  map: Pick<ClassMap, 'classes' | 'width' | 'height'>,
  palette: Uint8Array,
  size: { width: number; height: number },
): RgbImage {
  const { width, height } = size;
  const data = Buffer.allocUnsafe(width * height * 3);
  for (let y = 0, out = 0; y < height; y += 1) {
    const row = Math.min(map.height - 1, Math.floor(((y + 0.5) * map.height) / height)) * map.width;
    for (let x = 0; x < width; x += 1, out += 3) {
      const column = Math.min(map.width - 1, Math.floor(((x + 0.5) * map.width) / width));
      const entry = map.classes[row + column]! * 3;
      data[out] = palette[entry]!;
      data[out + 1] = palette[entry + 1]!;
      data[out + 2] = palette[entry + 2]!;
    }
  }
  return { data, width, height };
}

/** Pixels of the counted classes (`in_percentages`): the surface the percentages are shares of. */
export function surfacePixels(map: Pick<ClassMap, 'counts'>, classes: ModelClass[]): number {
  return classes.reduce(
    (sum, modelClass, index) => sum + (modelClass.in_percentages ? map.counts[index]! : 0),
    0,
  );
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
