import { z } from 'zod';

/** How usable a photo's pixels are (issue 46 §1), worst last. */
export const QUALITY_GRADES = ['good', 'fair', 'poor'] as const;
export const QualityGrade = z.enum(QUALITY_GRADES);
export type QualityGrade = z.infer<typeof QualityGrade>;

export const qualityGradeLabels: Record<QualityGrade, string> = {
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
};

/** What the pixels of a photo measure, each described in docs/image-quality.md. */
export const QualityMetrics = z
  .object({
    sharpness: z.number().min(0).describe("Crispness of the strongest edges over the photo's contrast"),
    contrast: z
      .number()
      .min(0)
      .max(1)
      .describe('Luminance spread, 2nd to 98th percentile; haze and turbid water lower it'),
    brightness: z.number().min(0).max(1).describe('Mean luminance (exposure)'),
    dark_share: z.number().min(0).max(1).describe('Share of pixels too dark to show detail'),
    bright_share: z.number().min(0).max(1).describe('Share of pixels too bright to show detail'),
    colour_cast: z.number().min(0).describe('Range of the channel means over their average; 0 is neutral'),
    blockiness: z.number().min(0).describe('Strength of a block grid left by compression; about 1 without'),
    hull_share: z
      .number()
      .min(0)
      .max(1)
      .describe('Share of the frame showing a surface rather than open water'),
  })
  .meta({ id: 'QualityMetrics' });
export type QualityMetrics = z.infer<typeof QualityMetrics>;

export const ImageQuality = z
  .object({
    grade: QualityGrade,
    reasons: z.array(z.string()).describe('Why it is not good, worst first; empty when good'),
    metrics: QualityMetrics,
  })
  .meta({ id: 'ImageQuality' });
export type ImageQuality = z.infer<typeof ImageQuality>;

/** An image's quality in answers: optional, an addition to the spec's shapes; null when never measured. */
export const imageQualityField = () =>
  ImageQuality.nullable()
    .optional()
    .describe(
      'Measured from the pixels at upload (issue 46); null for images uploaded before it was measured',
    );

const qualityBound = (what: string) =>
  z
    .object({
      fair: z.number().min(0).describe(`Past this ${what} a photo is fair`),
      poor: z.number().min(0).describe(`Past this ${what} a photo is poor`),
    })
    .describe(`Bounds of the ${what}`);

/**
 * The thresholds photos are graded by (QualityThresholds in image-quality/quality-grade.ts), as a
 * server's IMAGE_QUALITY_THRESHOLDS leaves them, so a client judging pixels itself (video frames in
 * the browser) grades them as an upload is graded.
 */
export const QualityThresholdValues = z
  .object({
    sharpness: qualityBound('least sharpness'),
    contrast: qualityBound('least contrast'),
    brightness_low: qualityBound('least brightness'),
    brightness_high: qualityBound('most brightness'),
    colour_cast: z.object({ fair: z.number().min(0) }).describe('Above this colour cast a photo is fair'),
    blockiness: qualityBound('most blockiness'),
    hull_share: z
      .object({ fair: z.number().min(0).max(1) })
      .describe('Below this share showing hull a photo is fair'),
  })
  .meta({ id: 'QualityThresholds' });
