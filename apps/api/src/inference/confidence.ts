/**
 * A prediction's confidence (issue 19 §2): the mean over the image's pixels of each pixel's
 * largest class probability, 0 to 1, computed inside the fused graph (fused-confidence.ts). A
 * prediction whose confidence is below `lowBelow` is flagged as low confidence: the model hesitated
 * between classes over much of the picture, as it does on murky water, blur, darkness or surfaces
 * unlike anything it learnt. The flag is judged when a prediction is read, so a changed threshold
 * re-judges every stored prediction; predictions made before confidences were recorded have none.
 */
export interface ConfidenceSettings {
  /** Confidences below this (0 to 1) are low; 0 flags none. */
  lowBelow: number;
}

/**
 * Chosen from the bundled models' confidences (README "Prediction confidence"): clear real hull
 * photos and synthetic images score above it, murky, dark, blurred or unrelated pictures below.
 */
export const DEFAULT_LOW_CONFIDENCE_BELOW = 0.6;

export const defaultConfidenceSettings: ConfidenceSettings = { lowBelow: DEFAULT_LOW_CONFIDENCE_BELOW };

/** Stored and answered to three decimals, so both databases (REAL is single precision in PostgreSQL) agree. */
export function roundConfidence(confidence: number): number {
  return Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000;
}

/** A stored confidence as the API and downloads answer it: both null for a prediction that has none. */
export function judgeConfidence(
  confidence: number | null,
  settings: ConfidenceSettings,
): { confidence: number | null; low_confidence: boolean | null } {
  if (confidence === null) return { confidence: null, low_confidence: null };
  return { confidence, low_confidence: confidence < settings.lowBelow };
}
