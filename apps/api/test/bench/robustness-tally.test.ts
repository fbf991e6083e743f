// The robustness benchmark's counting (issue 46 §4): what an operator can and cannot catch.
import { describe, expect, it } from 'vitest';
import { type ReadPhoto, sumTallies, tallyPhotos } from '../../bench/robustness-tally.js';
import { DEFAULT_QUALITY_THRESHOLDS } from '@hullscope/contract';

const clearMetrics = {
  sharpness: 0.3,
  contrast: 0.6,
  brightness: 0.4,
  dark_share: 0,
  bright_share: 0,
  colour_cast: 0.2,
  blockiness: 1.1,
  hull_share: 1,
};
const bounds = { lowBelow: 0.6, lowBelowFair: 0.8 };
const photo = (file: string, wrong: number, overrides: Partial<ReadPhoto> = {}): ReadPhoto => ({
  file,
  metrics: clearMetrics,
  confidence: 0.9,
  regions: 5,
  wrong,
  ...overrides,
});

describe('tallying the robustness benchmark', () => {
  it('counts a wrong region as missed only on a photo flagged neither by quality nor by confidence', () => {
    const tally = tallyPhotos(
      [
        photo('right.jpg', 0),
        photo('missed.jpg', 2),
        photo('murky.jpg', 3, { metrics: { ...clearMetrics, contrast: 0.1 } }),
        photo('unsure.jpg', 1, { confidence: 0.5 }),
      ],
      DEFAULT_QUALITY_THRESHOLDS,
      bounds,
    );
    expect(tally).toEqual({
      photos: 4,
      photosRight: 1,
      regions: 20,
      regionsRight: 14,
      flaggedPoor: 1,
      flaggedLowConfidence: 1,
      flagged: 2,
      flaggedRight: 0,
      missedRegions: 2,
      missedPhotos: ['missed.jpg'],
    });
  });

  it('adds tallies of several variants', () => {
    const one = tallyPhotos([photo('a.jpg', 1)], DEFAULT_QUALITY_THRESHOLDS, bounds);
    const two = tallyPhotos([photo('b.jpg', 0, { confidence: 0.1 })], DEFAULT_QUALITY_THRESHOLDS, bounds);
    expect(sumTallies([one, two])).toMatchObject({
      photos: 2,
      photosRight: 1,
      regionsRight: 9,
      flagged: 1,
      flaggedRight: 1,
      missedRegions: 1,
      missedPhotos: ['a.jpg'],
    });
  });

  it('judges confidence as the product does: a fair photo needs the higher bound', () => {
    const fair = { ...clearMetrics, contrast: 0.3 };
    const tally = tallyPhotos(
      [
        photo('fair-unsure.jpg', 2, { metrics: fair, confidence: 0.7 }),
        photo('fair-sure.jpg', 1, { metrics: fair, confidence: 0.85 }),
        photo('good.jpg', 1, { confidence: 0.7 }),
      ],
      DEFAULT_QUALITY_THRESHOLDS,
      bounds,
    );
    expect(tally).toMatchObject({
      flaggedPoor: 0,
      flaggedLowConfidence: 1,
      missedRegions: 2,
      missedPhotos: ['fair-sure.jpg', 'good.jpg'],
    });
  });
});
