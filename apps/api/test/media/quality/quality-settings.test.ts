import { describe, expect, it } from 'vitest';
import { DEFAULT_QUALITY_THRESHOLDS, judgeQuality } from '@hullscope/contract';
import { parseQualityThresholds } from '../../../src/media/quality/quality-settings.js';

const metrics = {
  sharpness: 0.2,
  contrast: 0.5,
  brightness: 0.4,
  dark_share: 0,
  bright_share: 0,
  colour_cast: 0.2,
  blockiness: 1.1,
  hull_share: 0.9,
};

describe('IMAGE_QUALITY_THRESHOLDS', () => {
  it('keeps the defaults when unset and lays the bounds it names over them', () => {
    expect(parseQualityThresholds(undefined)).toEqual(DEFAULT_QUALITY_THRESHOLDS);
    const changed = parseQualityThresholds('{"contrast":{"poor":0.6}}');
    expect(changed.contrast).toEqual({ fair: DEFAULT_QUALITY_THRESHOLDS.contrast.fair, poor: 0.6 });
    expect(changed.sharpness).toEqual(DEFAULT_QUALITY_THRESHOLDS.sharpness);
    expect(judgeQuality(metrics, DEFAULT_QUALITY_THRESHOLDS).grade).toBe('good');
    expect(judgeQuality(metrics, changed)).toEqual({
      grade: 'poor',
      reasons: ['Low contrast: murky water or haze (contrast 50 %)'],
    });
  });

  it('refuses what is not JSON, an unknown metric and a bound that cannot be', () => {
    expect(() => parseQualityThresholds('contrast=0.2')).toThrow(/must be JSON/);
    expect(() => parseQualityThresholds('{"focus":{"poor":1}}')).toThrow(/focus/);
    expect(() => parseQualityThresholds('{"contrast":{"poor":-1}}')).toThrow(/contrast\.poor/);
  });

  it('lists poor reasons before fair ones', () => {
    const judged = judgeQuality(
      { ...metrics, colour_cast: 1.2, brightness: 0.05 },
      DEFAULT_QUALITY_THRESHOLDS,
    );
    expect(judged.grade).toBe('poor');
    expect(judged.reasons).toEqual(['Too dark (brightness 5 %)', 'Strong colour cast (1.20)']);
  });
});
