import { createHash } from 'node:crypto';
import type { QualityThresholds } from '@hullscope/contract';

/** The thresholds in a few characters, for ETags: a grade is judged when read, so they change answers. */
export function qualityThresholdsTag(thresholds: QualityThresholds): string {
  return createHash('sha256').update(JSON.stringify(thresholds)).digest('hex').slice(0, 12);
}
