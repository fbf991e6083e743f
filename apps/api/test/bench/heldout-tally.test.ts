// The held-out check of the low-confidence judgement (issue 46): what the flags catch of unreliable readings.
import { describe, expect, it } from 'vitest';
import { type HeldOutReading, percentile, tallyHeldOut } from '../../bench/heldout-tally.js';

const metrics = {
  sharpness: 0.3,
  contrast: 0.6,
  brightness: 0.4,
  dark_share: 0,
  bright_share: 0,
  colour_cast: 0.2,
  blockiness: 1.1,
  hull_share: 1,
};
const reading = (overrides: Partial<HeldOutReading>): HeldOutReading => ({
  model: 'evo',
  file: 'a-1.png',
  degraded: true,
  metrics,
  grade: 'good',
  confidence: 0.9,
  accuracy: 0.9,
  ...overrides,
});

describe('tallying the held-out readings', () => {
  it('counts an unreliable reading as missed only when neither poor nor low confidence for its grade', () => {
    const tally = tallyHeldOut(
      [
        reading({ accuracy: 0.95 }),
        reading({ accuracy: 0.5 }),
        reading({ accuracy: 0.5, grade: 'fair', confidence: 0.7 }),
        reading({ accuracy: 0.5, grade: 'poor', confidence: 0.95 }),
        reading({ accuracy: 0.9, grade: 'fair', confidence: 0.75 }),
      ],
      0.75,
      { lowBelow: 0.6, lowBelowFair: 0.8 },
    );
    expect(tally).toEqual({ readings: 5, unreliable: 3, flagged: 3, missed: 1, flaggedReliable: 1 });
  });

  it('takes the nearest-rank percentile', () => {
    const values = [0.9, 0.1, 0.5, 0.7, 0.3];
    expect(percentile(values, 0.05)).toBe(0.1);
    expect(percentile(values, 0.5)).toBe(0.5);
    expect(percentile(values, 1)).toBe(0.9);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
