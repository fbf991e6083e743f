import { describe, expect, it } from 'vitest';
import { poolCoverage, surfaceWeight } from '../../../src/features/inspections/pool-coverage.js';

const classes = [
  { label: 'Background', hex_color: '#000000', in_percentages: false },
  { label: 'Fouling', hex_color: '#ff0000', in_percentages: true },
  { label: 'Clean', hex_color: '#0000ff', in_percentages: true },
];
const shares = (fouling: number, clean: number) => [
  { label: 'Fouling', hex_color: '#ff0000', percentage: fouling },
  { label: 'Clean', hex_color: '#0000ff', percentage: clean },
];

describe('poolCoverage: pixel-weighted shares of several predictions', () => {
  it('weights each prediction by its surface pixels; Background classes are not listed', () => {
    expect(
      poolCoverage(
        [
          { percentages: shares(50, 50), surfacePixels: 800 },
          { percentages: shares(5, 95), surfacePixels: 3200 },
        ],
        classes,
      ),
    ).toEqual(shares(14, 86));
  });

  it('sums to exactly 100 by largest remainder, as one prediction does', () => {
    const pooled = poolCoverage(
      [
        { percentages: shares(33.33, 66.67), surfacePixels: 1 },
        { percentages: shares(0, 100), surfacePixels: 2 },
      ],
      classes,
    );
    // 3,333 / 3 = 1,111 hundredths exactly; the rest is Clean.
    expect(pooled).toEqual(shares(11.11, 88.89));
    expect(pooled.reduce((sum, entry) => sum + Math.round(entry.percentage * 100), 0)).toBe(10_000);
  });

  it('leaves out predictions with no surface, and answers zeros when none has any', () => {
    expect(
      poolCoverage(
        [
          { percentages: shares(0, 0), surfacePixels: 0 },
          { percentages: shares(20, 80), surfacePixels: 10 },
        ],
        classes,
      ),
    ).toEqual(shares(20, 80));
    expect(poolCoverage([{ percentages: shares(0, 0), surfacePixels: 0 }], classes)).toEqual(shares(0, 0));
    expect(poolCoverage([], classes)).toEqual(shares(0, 0));
  });

  it("keeps a label only older predictions carry, after the model's own classes", () => {
    const older = [...shares(10, 80), { label: 'Slime', hex_color: '#00ff00', percentage: 10 }];
    expect(poolCoverage([{ percentages: older, surfacePixels: 5 }], classes)).toEqual([
      ...shares(10, 80),
      { label: 'Slime', hex_color: '#00ff00', percentage: 10 },
    ]);
  });
});

describe('surfaceWeight', () => {
  it('is the recorded surface pixels, or for a prediction made before they were recorded its size', () => {
    const prediction = { width: 40, height: 30, percentages: shares(10, 90) };
    expect(surfaceWeight({ ...prediction, surface_pixels: 700 })).toBe(700);
    expect(surfaceWeight({ ...prediction, surface_pixels: null })).toBe(1200);
    expect(surfaceWeight({ ...prediction, percentages: shares(0, 0), surface_pixels: null })).toBe(0);
  });
});
