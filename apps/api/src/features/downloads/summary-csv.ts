import { stringify } from 'csv-stringify/sync';
import type { SummaryRow } from './archive-contents.js';

/** One row per image × prediction; a column per class label seen in any of them (percent). */
export function summaryCsv(rows: SummaryRow[]): Buffer {
  const labels = [...new Set(rows.flatMap((row) => row.percentages.map((entry) => entry.label)))];
  const records = rows.map((row) => {
    const byLabel = new Map(row.percentages.map((entry) => [entry.label, entry.percentage]));
    return [
      row.image,
      row.model,
      row.version,
      row.resolution,
      ...labels.map((label) => byLabel.get(label) ?? ''),
      row.date,
    ];
  });
  return Buffer.from(
    stringify([
      ['image', 'model', 'version', 'resolution', ...labels.map((label) => `${label} %`), 'date'],
      ...records,
    ]),
  );
}
