import { type ConfidenceSettings, isLowConfidence } from '../src/inference/confidence.js';
import type { QualityMetrics } from '../src/media/quality/measure-quality.js';
import type { QualityGrade } from '@hullscope/contract';

/** One held-out generated scene as one model read it, with its accuracy against the ground truth. */
export interface HeldOutReading {
  model: string;
  file: string;
  /** Degraded as underwater footage is, or as generated. */
  degraded: boolean;
  metrics: QualityMetrics;
  /** Judged by the default thresholds. */
  grade: QualityGrade;
  confidence: number;
  /** Share of the pixels read as their ground truth's class. */
  accuracy: number;
}

export interface HeldOutTally {
  readings: number;
  /** Readings with a pixel accuracy below the bound. */
  unreliable: number;
  /** Poor quality or low confidence for the grade. */
  flagged: number;
  /** Unreliable readings that are not flagged: what an operator cannot catch. */
  missed: number;
  /** Flagged readings that were reliable: the cost. */
  flaggedReliable: number;
}

/** What the product's flags catch of the readings' unreliable ones. */
export function tallyHeldOut(
  readings: HeldOutReading[],
  unreliableBelow: number,
  confidence: ConfidenceSettings,
): HeldOutTally {
  const tally: HeldOutTally = { readings: 0, unreliable: 0, flagged: 0, missed: 0, flaggedReliable: 0 };
  for (const reading of readings) {
    const unreliable = reading.accuracy < unreliableBelow;
    const flagged =
      reading.grade === 'poor' || isLowConfidence(reading.confidence, reading.grade, confidence);
    tally.readings += 1;
    if (unreliable) tally.unreliable += 1;
    if (flagged) tally.flagged += 1;
    if (unreliable && !flagged) tally.missed += 1;
    if (flagged && !unreliable) tally.flaggedReliable += 1;
  }
  return tally;
}

/** The `share` percentile (0–1) of `values`, nearest rank; NaN when there are none. */
export function percentile(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}
