import { type ImageQuality, QualityMetrics, type QualityThresholds, judgeQuality } from '@hullscope/contract';

/** The stored metrics (images.quality) as answers carry them, judged now; null when never measured. */
export function storedQuality(stored: string | null, thresholds: QualityThresholds): ImageQuality | null {
  if (stored === null) return null;
  const metrics = QualityMetrics.parse(JSON.parse(stored));
  return { ...judgeQuality(metrics, thresholds), metrics };
}
