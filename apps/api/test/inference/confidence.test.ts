// Issue 46: a prediction's low-confidence flag sees its photo's quality: a fair or poor photo needs
// more confidence than a good one (the models read degraded photos wrong with a clear photo's confidence).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIDENCE_SETTINGS,
  isLowConfidence,
  judgeConfidence,
  lowConfidenceBound,
} from '../../src/inference/confidence.js';

const settings = { lowBelow: 0.6, lowBelowFair: 0.8 };

describe('the low-confidence judgement', () => {
  it('holds a good photo, and one never measured, to the plain bound', () => {
    for (const grade of ['good', null] as const) {
      expect(lowConfidenceBound(grade, settings)).toBe(0.6);
      expect(isLowConfidence(0.599, grade, settings)).toBe(true);
      // The bound itself is not low.
      expect(isLowConfidence(0.6, grade, settings)).toBe(false);
      expect(isLowConfidence(0.75, grade, settings)).toBe(false);
    }
  });

  it('holds a fair or poor photo to the higher bound', () => {
    for (const grade of ['fair', 'poor'] as const) {
      expect(lowConfidenceBound(grade, settings)).toBe(0.8);
      expect(isLowConfidence(0.75, grade, settings)).toBe(true);
      expect(isLowConfidence(0.799, grade, settings)).toBe(true);
      expect(isLowConfidence(0.8, grade, settings)).toBe(false);
    }
  });

  it('never holds a fair photo to less than a good one', () => {
    const inverted = { lowBelow: 0.7, lowBelowFair: 0.5 };
    expect(lowConfidenceBound('fair', inverted)).toBe(0.7);
    expect(isLowConfidence(0.65, 'fair', inverted)).toBe(true);
  });

  it('flags nothing when both bounds are 0', () => {
    const off = { lowBelow: 0, lowBelowFair: 0 };
    for (const grade of ['good', 'fair', 'poor', null] as const)
      expect(isLowConfidence(0, grade, off)).toBe(false);
  });

  it('answers the stored confidence unchanged with its flag, and null for a prediction without one', () => {
    expect(judgeConfidence(0.7, 'good', settings)).toEqual({ confidence: 0.7, low_confidence: false });
    expect(judgeConfidence(0.7, 'fair', settings)).toEqual({ confidence: 0.7, low_confidence: true });
    expect(judgeConfidence(null, 'fair', settings)).toEqual({ confidence: null, low_confidence: null });
  });

  it('defaults to a fair bound above the plain one', () => {
    expect(DEFAULT_CONFIDENCE_SETTINGS.lowBelow).toBe(0.6);
    expect(DEFAULT_CONFIDENCE_SETTINGS.lowBelowFair).toBeGreaterThan(DEFAULT_CONFIDENCE_SETTINGS.lowBelow);
  });
});
