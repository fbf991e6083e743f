import { hullZoneLabels } from '@hullscope/contract';
import { stringify } from 'csv-stringify/sync';
import type { SummaryRow } from './archive-contents.js';

/**
 * One row per image × prediction: image, model, version, resolution, a column per class label seen
 * in any of them (percent) and date, as before; then project, vessel, hull zone, and the fouling
 * rating (docs/user-guide.md "Fouling rating"): total fouling (macro- plus microfouling), macrofouling and
 * microfouling, percent of the surface, and the IMO rating with its label; last, how sure the
 * model was (0 to 1) and whether that is low (`true` / `false`). A value not known (no vessel, no
 * hull zone, a prediction that cannot be rated, one made before confidences were recorded) is an
 * empty cell. Then the hull zone as people read it and the project's inspection date (issue 45:
 * `hull zone` is the code and `date` when the prediction was made, which readers took for the
 * inspection's). Then the photo's quality (issue 46): good, fair or poor, and the reasons, joined
 * with "; " (empty for a photo uploaded before quality was measured). Then who reviewed the mask
 * (issue 39: accepted or corrected it; empty while unreviewed). New columns go at the end, so
 * the earlier columns keep their places.
 */
export function summaryCsv(rows: SummaryRow[]): Buffer {
  const labels = [...new Set(rows.flatMap((row) => row.percentages.map((entry) => entry.label)))];
  const records = rows.map((row) => {
    const byLabel = new Map(row.percentages.map((entry) => [entry.label, entry.percentage]));
    const rating = row.fouling_rating;
    return [
      row.image,
      row.model,
      row.version,
      row.resolution,
      ...labels.map((label) => byLabel.get(label) ?? ''),
      row.date,
      row.project,
      row.vessel ?? '',
      row.hull_zone ?? '',
      ...(rating
        ? [
            // In hundredths, so the sum of two two-decimal shares keeps two decimals.
            Math.round(rating.macrofouling_percentage * 100 + rating.microfouling_percentage * 100) / 100,
            rating.macrofouling_percentage,
            rating.microfouling_percentage,
            rating.value,
            rating.label,
          ]
        : ['', '', '', '', '']),
      row.confidence ?? '',
      row.low_confidence === null ? '' : String(row.low_confidence),
      row.hull_zone ? hullZoneLabels[row.hull_zone] : '',
      row.inspection_date ?? '',
      row.quality?.grade ?? '',
      row.quality?.reasons.join('; ') ?? '',
      row.reviewed_by ?? '',
    ];
  });
  return Buffer.from(
    stringify([
      [
        'image',
        'model',
        'version',
        'resolution',
        ...labels.map((label) => `${label} %`),
        'date',
        'project',
        'vessel',
        'hull zone',
        'total fouling %',
        'macrofouling %',
        'microfouling %',
        'IMO rating',
        'IMO rating label',
        'confidence',
        'low confidence',
        'hull_zone_label',
        'inspection_date',
        'quality',
        'quality_reasons',
        'reviewed_by',
      ],
      ...records,
    ]),
  );
}
