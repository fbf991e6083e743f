import type { LabelPercentage, ModelClass } from '@hullscope/contract';
import { classPercentages, surfacePixels } from '../../inference/postprocess.js';

export interface MaskFigures {
  percentages: LabelPercentage[];
  surfacePixels: number;
  /** Pixels whose class differs from the model's mask. */
  changedPixels: number;
}

/** Pixels per class index of a class map. */
export function classCounts(indexes: Uint8Array, classCount: number): Uint32Array {
  const counts = new Uint32Array(classCount);
  for (let pixel = 0; pixel < indexes.length; pixel += 1) counts[indexes[pixel]!]! += 1;
  return counts;
}

/** Pixels where two class maps of the same size differ. */
export function changedPixels(mask: Uint8Array, model: Uint8Array): number {
  let changed = 0;
  for (let pixel = 0; pixel < mask.length; pixel += 1) if (mask[pixel] !== model[pixel]) changed += 1;
  return changed;
}

/** A mask's figures, computed exactly as the pipeline computes a prediction's (postprocess.ts). */
export function maskFigures(mask: Uint8Array, model: Uint8Array, classes: ModelClass[]): MaskFigures {
  const counts = classCounts(mask, classes.length);
  return {
    percentages: classPercentages({ counts }, classes),
    surfacePixels: surfacePixels({ counts }, classes),
    changedPixels: changedPixels(mask, model),
  };
}

/** Changed pixels as a percentage of the mask with two decimals. */
export function changedShare(changed: number, pixels: number): number {
  return pixels === 0 ? 0 : Math.round((changed * 10_000) / pixels) / 100;
}
