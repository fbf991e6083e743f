import { IMO_RATING_SCALE } from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { fuelPenaltyEstimate } from '../../../src/features/inspections/fuel-penalty.js';

const pooled = (macro: number, micro: number) => ({
  scale: IMO_RATING_SCALE as typeof IMO_RATING_SCALE,
  value: 2,
  label: 'Light macrofouling' as const,
  macrofouling_percentage: macro,
  microfouling_percentage: micro,
});

describe('fuel penalty estimate', () => {
  it('weights the published conditions by the pooled shares, over a clean coated hull', () => {
    const estimate = fuelPenaltyEstimate(1, pooled(10, 50));
    // Central: 10 % at 54 − 2 and 50 % at 16 − 2; low: 35 − 2 and 11 − 2; high: 86 − 2 and 21 − 2.
    expect(estimate.added_shaft_power_percent).toEqual({ central: 12.2, low: 7.8, high: 17.9 });
    expect(estimate.coverage).toEqual({
      macrofouling_percentage: 10,
      microfouling_percentage: 50,
      clean_percentage: 40,
    });
  });

  it('is nothing for a clean hull, and says so without a rated photo', () => {
    expect(fuelPenaltyEstimate(1, pooled(0, 0)).added_shaft_power_percent).toEqual({
      central: 0,
      low: 0,
      high: 0,
    });
    const none = fuelPenaltyEstimate(1, null);
    expect(none.added_shaft_power_percent).toBeNull();
    expect(none.source.doi).toBe('10.1080/08927010701461974');
  });
});
