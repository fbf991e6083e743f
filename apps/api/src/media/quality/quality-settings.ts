import { z } from 'zod';
import { DEFAULT_QUALITY_THRESHOLDS, type QualityThresholds } from '@hullscope/contract';

/** How photos' quality is judged and used, as Config holds it (IMAGE_QUALITY_THRESHOLDS, RATINGS_INCLUDE_POOR_PHOTOS). */
export interface ImageQualitySettings {
  thresholds: QualityThresholds;
  /** Whether zone ratings and pooled figures count poor photos when a request does not say. */
  includePoorInRatings: boolean;
}

const bound = z
  .object({ fair: z.number().min(0), poor: z.number().min(0) })
  .partial()
  .strict();
const ThresholdOverrides = z
  .object({
    sharpness: bound,
    contrast: bound,
    brightness_low: bound,
    brightness_high: bound,
    colour_cast: z
      .object({ fair: z.number().min(0) })
      .partial()
      .strict(),
    blockiness: bound,
    hull_share: z
      .object({ fair: z.number().min(0).max(1) })
      .partial()
      .strict(),
  })
  .partial()
  .strict();

/**
 * The thresholds with an operator's overrides (JSON naming only the bounds to change, e.g.
 * `{"contrast":{"poor":0.15}}`) laid over the defaults; throws with the problem when it does not parse.
 */
export function parseQualityThresholds(json: string | undefined): QualityThresholds {
  if (json === undefined || json.trim() === '') return DEFAULT_QUALITY_THRESHOLDS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('must be JSON, e.g. {"contrast":{"poor":0.15}}');
  }
  const parsed = ThresholdOverrides.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  }
  const merged = { ...DEFAULT_QUALITY_THRESHOLDS };
  for (const [name, override] of Object.entries(parsed.data)) {
    const key = name as keyof QualityThresholds;
    merged[key] = { ...DEFAULT_QUALITY_THRESHOLDS[key], ...override } as never;
  }
  return merged;
}
