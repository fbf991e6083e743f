import type { ReviewCounts } from '@hullscope/contract';

export interface ReviewedPrediction {
  width: number;
  height: number;
  review_state: 'accepted' | 'corrected' | null;
  changed_pixels: number | null;
}

/**
 * How many of these analysed photos a person reviewed (accepted or corrected) and what share of the
 * reviewed photos' pixels they changed from the model's masks (issue 39 §3), two decimals.
 */
export function reviewCounts(predictions: ReviewedPrediction[]): ReviewCounts {
  let reviewed = 0;
  let corrected = 0;
  let pixels = 0;
  let changed = 0;
  for (const prediction of predictions) {
    if (prediction.review_state === null) continue;
    reviewed += 1;
    if (prediction.review_state === 'corrected') corrected += 1;
    pixels += prediction.width * prediction.height;
    changed += prediction.changed_pixels ?? 0;
  }
  return {
    reviewed,
    total: predictions.length,
    corrected,
    changed_pixels_percentage: pixels === 0 ? 0 : Math.round((changed * 10_000) / pixels) / 100,
  };
}
