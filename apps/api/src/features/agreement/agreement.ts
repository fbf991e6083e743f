import type { LabelPercentage, ModelAgreement } from '@hullscope/contract';
import type { FoulingRatingSettings } from '../../inference/fouling-rating.js';
import { foulingRating } from '../../inference/fouling-rating.js';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import { readStoredMask } from '../mask-versions/mask-png.js';
import { storedClassesOf, storedNoiseFloorOf } from '../models/models.repository.js';
import type { AgreementRow } from './agreement-rows.js';
import { quadraticWeightedKappa } from './weighted-kappa.js';

const ratio = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

/** The model's rating and the reviewed one of each reviewed photo that both can rate. */
export function ratingPairs(rows: AgreementRow[], settings: FoulingRatingSettings): [number, number][] {
  const pairs: [number, number][] = [];
  for (const row of rows) {
    const classes = storedClassesOf(row.model_manifest);
    const floor = storedNoiseFloorOf(row.model_manifest);
    const modelPercentages = JSON.parse(row.model_percentages ?? row.percentages) as LabelPercentage[];
    const model = foulingRating(modelPercentages, classes, settings, floor);
    const reviewed = foulingRating(
      JSON.parse(row.percentages) as LabelPercentage[],
      classes,
      settings,
      floor,
    );
    if (model && reviewed) pairs.push([model.value, reviewed.value]);
  }
  return pairs;
}

/** Rows by model, most reviewed first. */
export function byModel(rows: AgreementRow[]): AgreementRow[][] {
  const groups = new Map<number, AgreementRow[]>();
  for (const row of rows) {
    const group = groups.get(row.model_id);
    if (group) group.push(row);
    else groups.set(row.model_id, [row]);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length || a[0]!.model_id - b[0]!.model_id);
}

/**
 * Issue 39 §7: how far one model agrees with the people who reviewed its masks. Pixels: the model's
 * own mask against the reviewed one (for a photo accepted as it was, the same), read one at a time.
 */
export async function modelAgreement(
  rows: AgreementRow[],
  storage: Storage,
  settings: FoulingRatingSettings,
): Promise<ModelAgreement> {
  const first = rows[0]!;
  const classes = storedClassesOf(first.model_manifest);
  const intersection = new Array<number>(classes.length).fill(0);
  const modelPixels = new Array<number>(classes.length).fill(0);
  const reviewerPixels = new Array<number>(classes.length).fill(0);
  let pixels = 0;
  let agreeing = 0;
  for (const row of rows) {
    const model = readStoredMask(
      await storage.getBuffer(storageKeys.file(row.storage_prefix, predictionFiles.pred)),
    );
    const reviewed =
      row.mask_prefix === null
        ? model
        : readStoredMask(
            await storage.getBuffer(storageKeys.file(currentMaskPrefix(row), predictionFiles.pred)),
          );
    pixels += model.length;
    for (let pixel = 0; pixel < model.length; pixel += 1) {
      const a = model[pixel]!;
      const b = reviewed[pixel]!;
      modelPixels[a]! += 1;
      reviewerPixels[b]! += 1;
      if (a === b) {
        intersection[a]! += 1;
        agreeing += 1;
      }
    }
  }
  const pairs = ratingPairs(rows, settings);
  const ratingsAgree = pairs.filter(([a, b]) => a === b).length;
  return {
    model: { id: first.model_id, name: first.model_name },
    photos: rows.length,
    corrected_photos: rows.filter((row) => row.state === 'corrected').length,
    pixels,
    pixel_accuracy: ratio(agreeing, pixels),
    classes: classes.map((entry, index) => {
      const union = modelPixels[index]! + reviewerPixels[index]! - intersection[index]!;
      return {
        index,
        name: entry.label,
        iou: ratio(intersection[index]!, union),
        reviewer_pixels: reviewerPixels[index]!,
        model_pixels: modelPixels[index]!,
      };
    }),
    ratings_compared: pairs.length,
    ratings_agree: ratingsAgree,
    rating_agreement: ratio(ratingsAgree, pairs.length),
    weighted_kappa: quadraticWeightedKappa(pairs, 5),
  };
}
