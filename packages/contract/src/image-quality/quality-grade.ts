import type { QualityGrade, QualityMetrics } from '../quality.js';

/** A bound a metric must stay on the right side of: below (`min`) or above (`max`) it the photo is fair or poor. */
export interface QualityBound {
  fair: number;
  poor: number;
}

/**
 * Where each metric makes a photo fair or poor (IMAGE_QUALITY_THRESHOLDS overrides any of them).
 * Colour cast and the share showing hull only ever make a photo fair: a cast can be read through,
 * and the hull share is judged from colour and texture alone.
 */
export interface QualityThresholds {
  sharpness: QualityBound;
  contrast: QualityBound;
  brightness_low: QualityBound;
  brightness_high: QualityBound;
  colour_cast: { fair: number };
  blockiness: QualityBound;
  hull_share: { fair: number };
}

/**
 * Chosen from the measurements in docs/image-quality.md (`npm run bench:robustness`): every clear
 * real photo of ../shared/data stays good with a margin, every photo degraded past what a person can
 * read is poor, and between the two the bounds trade photos left out of ratings against wrong
 * readings left unflagged (the figures of each choice are in that page).
 */
export const DEFAULT_QUALITY_THRESHOLDS: QualityThresholds = {
  sharpness: { fair: 0.065, poor: 0.045 },
  contrast: { fair: 0.35, poor: 0.25 },
  brightness_low: { fair: 0.18, poor: 0.1 },
  brightness_high: { fair: 0.82, poor: 0.9 },
  colour_cast: { fair: 0.9 },
  blockiness: { fair: 1.8, poor: 2.4 },
  hull_share: { fair: 0.3 },
};

export interface QualityJudgement {
  grade: QualityGrade;
  /** Why it is not good, one sentence per metric out of bounds, the worst first. */
  reasons: string[];
}

const percent = (value: number) => `${Math.round(value * 100)} %`;

interface Check {
  grade: QualityGrade;
  reason: string;
}

function below(value: number, bound: QualityBound, reason: string): Check | null {
  if (value < bound.poor) return { grade: 'poor', reason };
  return value < bound.fair ? { grade: 'fair', reason } : null;
}

function above(value: number, bound: QualityBound, reason: string): Check | null {
  if (value > bound.poor) return { grade: 'poor', reason };
  return value > bound.fair ? { grade: 'fair', reason } : null;
}

/**
 * Judges measured metrics against the thresholds. Judged when read, not stored, so a changed
 * threshold re-judges every photo, as the prediction confidence is.
 */
export function judgeQuality(metrics: QualityMetrics, thresholds: QualityThresholds): QualityJudgement {
  const checks = [
    below(metrics.sharpness, thresholds.sharpness, `Blurred (sharpness ${metrics.sharpness.toFixed(3)})`),
    below(
      metrics.contrast,
      thresholds.contrast,
      `Low contrast: murky water or haze (contrast ${percent(metrics.contrast)})`,
    ),
    below(
      metrics.brightness,
      thresholds.brightness_low,
      `Too dark (brightness ${percent(metrics.brightness)})`,
    ),
    above(
      metrics.brightness,
      thresholds.brightness_high,
      `Too bright (brightness ${percent(metrics.brightness)})`,
    ),
    metrics.colour_cast > thresholds.colour_cast.fair
      ? { grade: 'fair' as const, reason: `Strong colour cast (${metrics.colour_cast.toFixed(2)})` }
      : null,
    above(
      metrics.blockiness,
      thresholds.blockiness,
      `Compression artefacts (blockiness ${metrics.blockiness.toFixed(2)})`,
    ),
    metrics.hull_share < thresholds.hull_share.fair
      ? {
          grade: 'fair' as const,
          reason: `Little hull in view (${percent(metrics.hull_share)} of the frame)`,
        }
      : null,
  ].filter((check): check is Check => check !== null);
  const poor = checks.filter((check) => check.grade === 'poor');
  const grade: QualityGrade = poor.length > 0 ? 'poor' : checks.length > 0 ? 'fair' : 'good';
  return {
    grade,
    reasons: [...poor, ...checks.filter((check) => check.grade === 'fair')].map((c) => c.reason),
  };
}
