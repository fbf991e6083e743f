import type { QualityGrade } from '@hullscope/contract';
import type { ImageQualitySettings } from '../media/quality/quality-settings.js';
import type { FoulingRatingSettings } from './fouling-rating.js';

/**
 * A prediction's confidence (issue 19 §2): the mean over the image's pixels of each pixel's
 * largest class probability, 0 to 1, computed inside the fused graph (fused-confidence.ts). A
 * prediction whose confidence is below its photo's bound is flagged as low confidence: the model
 * hesitated between classes over much of the picture, as it does on dark photos and on surfaces it
 * cannot make sense of. The bound depends on the photo's quality grade (issue 46): on a fair or poor
 * photo the models read regions wrong with confidences a clear photo's right reading has, so such a
 * photo needs more confidence to pass. The flag is judged when a prediction is read, from the stored
 * confidence and the photo's stored quality metrics, so changed settings re-judge every stored
 * prediction; predictions made before confidences were recorded have none.
 */
export interface ConfidenceSettings {
  /** Confidences below this (0 to 1) are low on a good photo and on one never measured; 0 flags none. */
  lowBelow: number;
  /** Confidences below this are low on a fair or poor photo; never below `lowBelow`. */
  lowBelowFair: number;
}

/**
 * Chosen from the bundled models' confidences (`npm run bench:confidence`, README "Prediction
 * confidence"): synthetic images and clear real hull photos score above it (one heavily fouled real
 * sample on Evo just below), darkened photos and noise mostly below. Turbid, blurred or featureless
 * pictures score high (the models read them confidently as water or clean paint): not caught.
 */
export const DEFAULT_LOW_CONFIDENCE_BELOW = 0.6;

/**
 * Chosen from `npm run bench:robustness` and the held-out degraded scenes of
 * `npm run bench:confidence-heldout` (docs/image-quality.md, "A confidence that sees the photo"):
 * above every wrong reading of a fair photo at light and medium strength with a margin, clear photos
 * (all good) untouched; a fair photo's flag marks it for checking and does not leave it out of ratings.
 */
export const DEFAULT_LOW_CONFIDENCE_BELOW_FAIR = 0.85;

export const DEFAULT_CONFIDENCE_SETTINGS: ConfidenceSettings = {
  lowBelow: DEFAULT_LOW_CONFIDENCE_BELOW,
  lowBelowFair: DEFAULT_LOW_CONFIDENCE_BELOW_FAIR,
};

/** The confidence a prediction of a photo of `grade` needs not to be low; null: never measured. */
export function lowConfidenceBound(grade: QualityGrade | null, settings: ConfidenceSettings): number {
  if (grade === null || grade === 'good') return settings.lowBelow;
  return Math.max(settings.lowBelow, settings.lowBelowFair);
}

/** Whether `confidence` is low for a photo of `grade` (null: never measured). */
export function isLowConfidence(
  confidence: number,
  grade: QualityGrade | null,
  settings: ConfidenceSettings,
): boolean {
  return confidence < lowConfidenceBound(grade, settings);
}

/** Stored and answered to three decimals, so both databases (REAL is single precision in PostgreSQL) agree. */
export function roundConfidence(confidence: number): number {
  return Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000;
}

/**
 * How a stored prediction is judged when it is read (downloads, inspection summaries and reports):
 * the server's fouling rating and confidence settings, as Config holds them.
 */
export interface PredictionJudgementSettings {
  foulingRating: FoulingRatingSettings;
  confidence: ConfidenceSettings;
  /** The photo's own quality, judged alongside: a poor photo is left out of ratings (issue 46 §2). */
  imageQuality: ImageQualitySettings;
}

/**
 * A stored confidence as the API and downloads answer it, judged for the photo's quality grade as
 * judged now (null: never measured): both null for a prediction that has none.
 */
export function judgeConfidence(
  confidence: number | null,
  grade: QualityGrade | null,
  settings: ConfidenceSettings,
): { confidence: number | null; low_confidence: boolean | null } {
  if (confidence === null) return { confidence: null, low_confidence: null };
  return { confidence, low_confidence: isLowConfidence(confidence, grade, settings) };
}
