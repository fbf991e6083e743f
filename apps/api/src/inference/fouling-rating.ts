import {
  type FoulingCategory,
  type FoulingRating,
  IMO_RATING_LABELS,
  IMO_RATING_SCALE,
  type LabelPercentage,
  type ModelClass,
} from '@hullscope/contract';

/**
 * The IMO MEPC.378(80) fouling rating of one surface (docs/user-guide.md "Fouling rating"):
 * 0 no fouling · 1 microfouling only · 2 light macrofouling, 1-15 % of the surface ·
 * 3 medium, 16-40 % · 4 heavy, 41-100 %.
 *
 * The surface is every pixel of a class counted in the percentages (in_percentages: true), so
 * Background is left out, and a class's share is its stored percentage (two decimals). Shares are
 * summed per category in exact hundredths of a percent, then rounded to a whole percent, half up,
 * and only whole percents meet the scale's bands: 0.49 % of macrofouling is 0 %, 0.5 % is 1 %
 * (rating 2); 15.49 % is 15 % (2), 15.5 % is 16 % (3); 40.49 % is 40 % (3), 40.5 % is 41 % (4).
 * Without macrofouling (a whole 0 %), microfouling of at least `microfoulingMinPercent` whole
 * percent makes it 1; less counts as a clean surface (0). Traces of macrofouling that round to 0 %
 * do not add to the microfouling.
 */
export interface FoulingRatingSettings {
  /** Whole percent of the surface (1-100); microfouling that rounds to less counts as clean. */
  microfoulingMinPercent: number;
}

export const DEFAULT_MICROFOULING_MIN_PERCENT = 1;

export const defaultFoulingRatingSettings: FoulingRatingSettings = {
  microfoulingMinPercent: DEFAULT_MICROFOULING_MIN_PERCENT,
};

/** Shares of the surface in hundredths of a percent, whole numbers, so no float error meets a band. */
export interface FoulingShares {
  macrofoulingHundredths: number;
  microfoulingHundredths: number;
}

export type ImoRatingValue = 0 | 1 | 2 | 3 | 4;

/** Hundredths of a percent to a whole percent, half up (15.49 → 15, 15.5 → 16). */
export function wholePercent(hundredths: number): number {
  return Math.floor((hundredths + 50) / 100);
}

/**
 * The macrofouling share that may raise a band: none when the whole share is within the model's noise
 * floor (the most it reads on real photos free of macrofouling, issue 45 §3), else all of it.
 */
function countedShares(shares: FoulingShares, noiseFloorPercent: number | undefined): FoulingShares {
  if (noiseFloorPercent === undefined) return shares;
  const floorHundredths = Math.round(noiseFloorPercent * 100);
  return shares.macrofoulingHundredths <= floorHundredths ? { ...shares, macrofoulingHundredths: 0 } : shares;
}

export function imoRatingValue(
  shares: FoulingShares,
  settings: FoulingRatingSettings,
  noiseFloorPercent?: number,
): ImoRatingValue {
  const counted = countedShares(shares, noiseFloorPercent);
  const macrofouling = wholePercent(counted.macrofoulingHundredths);
  if (macrofouling >= 41) return 4;
  if (macrofouling >= 16) return 3;
  if (macrofouling >= 1) return 2;
  return wholePercent(counted.microfoulingHundredths) >= settings.microfoulingMinPercent ? 1 : 0;
}

/**
 * Sums a prediction's percentages per fouling category of its model's classes (matched by label).
 * Null when there is nothing to rate: no surface in view (every percentage 0), or a class with a
 * share but no category (a model registered before manifests declared them).
 */
export function foulingShares(
  percentages: LabelPercentage[],
  classes: Pick<ModelClass, 'label' | 'fouling_category'>[],
): FoulingShares | null {
  const categoryOf = new Map<string, FoulingCategory | undefined>(
    classes.map((modelClass) => [modelClass.label, modelClass.fouling_category]),
  );
  const hundredths: Record<FoulingCategory, number> = { none: 0, microfouling: 0, macrofouling: 0 };
  for (const entry of percentages) {
    const share = Math.round(entry.percentage * 100);
    if (share === 0) continue;
    const category = categoryOf.get(entry.label);
    if (category === undefined) return null;
    hundredths[category] += share;
  }
  if (hundredths.none + hundredths.microfouling + hundredths.macrofouling === 0) return null;
  return { macrofoulingHundredths: hundredths.macrofouling, microfoulingHundredths: hundredths.microfouling };
}

/**
 * The rating as the API answers it, or null when the prediction cannot be rated (foulingShares).
 * `noiseFloorPercent` is the model's (its manifest's `macrofouling_noise_floor_percent`): a
 * macrofouling share up to it is reported but raises no band.
 */
export function foulingRating(
  percentages: LabelPercentage[],
  classes: Pick<ModelClass, 'label' | 'fouling_category'>[],
  settings: FoulingRatingSettings,
  noiseFloorPercent?: number,
): FoulingRating | null {
  const shares = foulingShares(percentages, classes);
  if (!shares) return null;
  const value = imoRatingValue(shares, settings, noiseFloorPercent);
  const rating: FoulingRating = {
    scale: IMO_RATING_SCALE,
    value,
    label: IMO_RATING_LABELS[value],
    macrofouling_percentage: shares.macrofoulingHundredths / 100,
    microfouling_percentage: shares.microfoulingHundredths / 100,
  };
  if (noiseFloorPercent === undefined) return rating;
  return {
    ...rating,
    macrofouling_noise_floor_percentage: noiseFloorPercent,
    macrofouling_within_noise:
      shares.macrofoulingHundredths > 0 &&
      countedShares(shares, noiseFloorPercent).macrofoulingHundredths === 0,
  };
}
