import type { LabelPercentage, ModelAgreement } from '@hullscope/contract';
import type { FoulingRatingSettings } from '../../inference/fouling-rating.js';
import { foulingRating } from '../../inference/fouling-rating.js';
import { storedClassesOf, storedNoiseFloorOf } from '../models/models.repository.js';
import type { CountedRow } from './agreement-backfill.js';
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
export function byModel<Row extends AgreementRow>(rows: Row[]): Row[][] {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.model_id);
    if (group) group.push(row);
    else groups.set(row.model_id, [row]);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length || a[0]!.model_id - b[0]!.model_id);
}

/**
 * Issue 39 §7: how far one model agrees with the people who reviewed its masks. Pixels: the model's
 * own mask against the reviewed one (for a photo accepted as it was, the same), summed from each
 * photo's stored counts; ratings from the stored percentages under the current rating settings.
 */
export function modelAgreement(rows: CountedRow[], settings: FoulingRatingSettings): ModelAgreement {
  const first = rows[0]!;
  const classes = storedClassesOf(first.model_manifest);
  const intersection = new Array<number>(classes.length).fill(0);
  const modelPixels = new Array<number>(classes.length).fill(0);
  const reviewerPixels = new Array<number>(classes.length).fill(0);
  let pixels = 0;
  let agreeing = 0;
  for (const row of rows) {
    for (const [a, b, count] of row.cells) {
      pixels += count;
      modelPixels[a] = (modelPixels[a] ?? 0) + count;
      reviewerPixels[b] = (reviewerPixels[b] ?? 0) + count;
      if (a === b) {
        intersection[a] = (intersection[a] ?? 0) + count;
        agreeing += count;
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
