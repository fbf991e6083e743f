import type { ImageQualitySettings } from '../media/quality/quality-settings.js';
import type { FoulingRatingSettings } from './fouling-rating.js';

/**
 * A prediction's confidence (issue 19 §2): the mean over the image's pixels of each pixel's
 * largest class probability, 0 to 1, computed inside the fused graph (fused-confidence.ts). A
 * prediction whose confidence is below `lowBelow` is flagged as low confidence: the model hesitated
 * between classes over much of the picture, as it does on dark photos and on surfaces it cannot
 * make sense of. The flag is judged when a prediction is read, so a changed threshold
 * re-judges every stored prediction; predictions made before confidences were recorded have none.
 */
export interface ConfidenceSettings {
  /** Confidences below this (0 to 1) are low; 0 flags none. */
  lowBelow: number;
}

/**
 * Chosen from the bundled models' confidences (`npm run bench:confidence`, README "Prediction
 * confidence"): synthetic images and clear real hull photos score above it (one heavily fouled real
 * sample on Evo just below), darkened photos and noise mostly below. Turbid, blurred or featureless
 * pictures score high (the models read them confidently as water or clean paint): not caught.
 */
export const DEFAULT_LOW_CONFIDENCE_BELOW = 0.6;

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

/** A stored confidence as the API and downloads answer it: both null for a prediction that has none. */
export function judgeConfidence(
  confidence: number | null,
  settings: ConfidenceSettings,
): { confidence: number | null; low_confidence: boolean | null } {
  if (confidence === null) return { confidence: null, low_confidence: null };
  return { confidence, low_confidence: confidence < settings.lowBelow };
}
