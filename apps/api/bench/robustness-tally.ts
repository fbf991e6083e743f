import { type ConfidenceSettings, isLowConfidence } from '../src/inference/confidence.js';
import type { QualityMetrics } from '../src/media/quality/measure-quality.js';
import { type QualityThresholds, judgeQuality } from '@hullscope/contract';

/** One labelled photo as one model read it in one variant (clear, or a kind at a strength). */
export interface ReadPhoto {
  file: string;
  metrics: QualityMetrics;
  confidence: number;
  regions: number;
  /** Regions not read right. */
  wrong: number;
}

export interface Tally {
  photos: number;
  photosRight: number;
  regions: number;
  regionsRight: number;
  /** Photos flagged poor by their quality, by low confidence, and by either. */
  flaggedPoor: number;
  flaggedLowConfidence: number;
  flagged: number;
  /** Flagged photos with every region read right: the cost of flagging, photos left out for nothing. */
  flaggedRight: number;
  /** Wrong regions on photos flagged neither way, and those photos: what an operator cannot catch. */
  missedRegions: number;
  missedPhotos: string[];
}

function emptyTally(): Tally {
  return {
    photos: 0,
    photosRight: 0,
    regions: 0,
    regionsRight: 0,
    flaggedPoor: 0,
    flaggedLowConfidence: 0,
    flagged: 0,
    flaggedRight: 0,
    missedRegions: 0,
    missedPhotos: [],
  };
}

/**
 * Counts what an operator sees of a set of read photos: a photo is flagged when its quality is poor
 * under `thresholds` or its confidence is low for its grade as the product judges it; a wrong region
 * on a photo not flagged is missed. A photo is read right when every region on it is.
 */
export function tallyPhotos(
  photos: ReadPhoto[],
  thresholds: QualityThresholds,
  confidence: ConfidenceSettings,
): Tally {
  const tally: Tally = { ...emptyTally(), photos: photos.length };
  for (const photo of photos) {
    const grade = judgeQuality(photo.metrics, thresholds).grade;
    const poor = grade === 'poor';
    const low = isLowConfidence(photo.confidence, grade, confidence);
    tally.regions += photo.regions;
    tally.regionsRight += photo.regions - photo.wrong;
    if (photo.wrong === 0) tally.photosRight += 1;
    if (poor) tally.flaggedPoor += 1;
    if (low) tally.flaggedLowConfidence += 1;
    if (poor || low) {
      tally.flagged += 1;
      if (photo.wrong === 0) tally.flaggedRight += 1;
    } else if (photo.wrong > 0) {
      tally.missedRegions += photo.wrong;
      tally.missedPhotos.push(photo.file);
    }
  }
  return tally;
}

/** Several tallies added together. */
export function sumTallies(tallies: Tally[]): Tally {
  return tallies.reduce(
    (sum, tally) => ({
      photos: sum.photos + tally.photos,
      photosRight: sum.photosRight + tally.photosRight,
      regions: sum.regions + tally.regions,
      regionsRight: sum.regionsRight + tally.regionsRight,
      flaggedPoor: sum.flaggedPoor + tally.flaggedPoor,
      flaggedLowConfidence: sum.flaggedLowConfidence + tally.flaggedLowConfidence,
      flagged: sum.flagged + tally.flagged,
      flaggedRight: sum.flaggedRight + tally.flaggedRight,
      missedRegions: sum.missedRegions + tally.missedRegions,
      missedPhotos: [...sum.missedPhotos, ...tally.missedPhotos],
    }),
    emptyTally(),
  );
}
