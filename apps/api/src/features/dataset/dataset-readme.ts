import type { DatasetClass } from './dataset-contents.js';
import type { ReviewedPrediction } from './dataset-rows.js';

/** The dataset's README: what it is, where it came from, its class map, counts and licence note. */
export function datasetReadme(
  project: { id: number; name: string },
  rows: ReviewedPrediction[],
  classes: DatasetClass[],
  leftOut: number,
): string {
  const corrected = rows.filter((row) => row.state === 'corrected').length;
  const model = rows[0] ? `${rows[0].model_name} ${rows[0].model_version}` : 'none';
  return [
    `# Hullscope dataset: ${project.name}`,
    '',
    `Photos of project ${project.id} whose segmentation masks a person reviewed in Hullscope, exported`,
    `${new Date().toISOString()}. Model whose masks were reviewed: ${model}.`,
    '',
    '## Counts',
    '',
    `- Photos: ${rows.length} (${rows.length - corrected} accepted as the model saw them, ${corrected} corrected by a person)`,
    ...(leftOut > 0 ? [`- Left out: ${leftOut} reviewed photos of another model, whose classes differ`] : []),
    '',
    '## Layout',
    '',
    '- `images/<imageId>-<name>.jpg`: each photo as the model analysed it (the upload resized to the',
    '  resolution), on the same pixel grid as its mask. The uploads themselves are in the project ZIP.',
    '- `masks/<imageId>-<name>.png`: 8-bit palette PNGs whose pixel values are class indexes (the',
    "  palette shows them in the class colours): the newest corrected version, or the model's mask",
    '  for a photo a person accepted as it was.',
    '- `classes.json`: `[{index, name, color}]`.',
    '- `annotations.json`: COCO, one annotation per photo and class present, its segmentation as',
    '  compressed RLE (`iscrowd: 1`); `category_id` is the class index. `pycocotools.mask.decode`',
    '  gives back the masks pixel for pixel.',
    '',
    '## Classes',
    '',
    '| Index | Name | Colour |',
    '| --- | --- | --- |',
    ...classes.map((entry) => `| ${entry.index} | ${entry.name} | ${entry.color} |`),
    '',
    '## Licence',
    '',
    'The photos and the corrections belong to the organisation that made them. This export is for',
    "training and checking its own models; passing it on needs the rights holders' consent.",
    '',
  ].join('\n');
}
