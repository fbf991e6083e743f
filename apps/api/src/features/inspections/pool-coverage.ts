import type { LabelPercentage, ModelClass } from '@hullscope/contract';

/** One prediction's share in a pool: its class percentages and how many surface pixels they are of. */
export interface PoolMember {
  percentages: LabelPercentage[];
  /** Pixels of hull surface (Background excluded); 0 when the image shows none. */
  surfacePixels: number;
}

/**
 * The pixel-weighted coverage of several predictions: each class's share of all their surface
 * pixels together, so a photo of 2 million surface pixels counts four times one of 500,000 and a
 * photo of open water (no surface) not at all. In percent with two decimals summing to exactly 100
 * (largest remainder, as one prediction's percentages), or all 0 when no member has surface.
 * Classes are listed in the model's order (those counted in percentages); a label only older
 * predictions carry comes after them.
 */
export function poolCoverage(
  members: PoolMember[],
  classes: Pick<ModelClass, 'label' | 'hex_color' | 'in_percentages'>[],
): LabelPercentage[] {
  const colours = new Map<string, string>();
  for (const modelClass of classes)
    if (modelClass.in_percentages) colours.set(modelClass.label, modelClass.hex_color);
  // Weighted sums of hundredths of a percent: integers times integers, exact in a double up to 2^53.
  const weighted = new Map<string, number>([...colours.keys()].map((label) => [label, 0]));
  let totalWeight = 0;
  for (const member of members) {
    if (member.surfacePixels <= 0) continue;
    totalWeight += member.surfacePixels;
    for (const entry of member.percentages) {
      if (!colours.has(entry.label)) colours.set(entry.label, entry.hex_color);
      weighted.set(
        entry.label,
        (weighted.get(entry.label) ?? 0) + Math.round(entry.percentage * 100) * member.surfacePixels,
      );
    }
  }
  const labels = [...colours.keys()];
  if (totalWeight === 0)
    return labels.map((label) => ({ label, hex_color: colours.get(label)!, percentage: 0 }));
  const HUNDREDTHS = 10_000;
  const exact = labels.map((label) => weighted.get(label)! / totalWeight);
  const units = exact.map(Math.floor);
  let remainder = HUNDREDTHS - units.reduce((sum, value) => sum + value, 0);
  const byFraction = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (remainder <= 0) break;
    units[index]! += 1;
    remainder -= 1;
  }
  return labels.map((label, index) => ({
    label,
    hex_color: colours.get(label)!,
    percentage: units[index]! / 100,
  }));
}

/**
 * The weight of a stored prediction: its surface pixels, or for one made before they were recorded
 * (migration 0010) its whole size when it shows any surface, since its Background share is unknown.
 */
export function surfaceWeight(prediction: {
  surface_pixels: number | null;
  width: number;
  height: number;
  percentages: LabelPercentage[];
}): number {
  if (prediction.surface_pixels !== null) return prediction.surface_pixels;
  return prediction.percentages.some((entry) => entry.percentage > 0)
    ? prediction.width * prediction.height
    : 0;
}
