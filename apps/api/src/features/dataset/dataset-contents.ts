import { Readable } from 'node:stream';
import type { ModelClass } from '@hullscope/contract';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import type { ArchiveFile } from '../downloads/archive-contents.js';
import { folderName } from '../downloads/archive-contents.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import { readStoredMask } from '../mask-versions/mask-png.js';
import { storedClassesOf } from '../models/models.repository.js';
import { encodeClassRle } from './coco-rle.js';
import type { ReviewedPrediction } from './dataset-rows.js';
import { datasetReadme } from './dataset-readme.js';

export interface DatasetClass {
  index: number;
  name: string;
  color: string;
}

/** The model most photos were reviewed with: a dataset holds one class map. */
export function chosenModel(rows: ReviewedPrediction[]): number | null {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.model_id, (counts.get(row.model_id) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
}

function fileStem(row: ReviewedPrediction): string {
  return `${row.image_id}-${folderName(row.image_name.replace(/\.[^.]+$/, ''))}`;
}

/** Bounding box [x, y, width, height] and pixel count of class `value`. */
function extent(indexes: Uint8Array, width: number, value: number) {
  let area = 0;
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = -1;
  let bottom = -1;
  for (let pixel = 0; pixel < indexes.length; pixel += 1) {
    if (indexes[pixel] !== value) continue;
    area += 1;
    const x = pixel % width;
    const y = (pixel - x) / width;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
  }
  return { area, bbox: area === 0 ? [0, 0, 0, 0] : [left, top, right - left + 1, bottom - top + 1] };
}

/**
 * COCO annotations.json written as the archive reaches it: one mask read at a time, one annotation
 * per class present in it with an RLE segmentation, so the file never waits on every mask at once.
 */
function cocoStream(storage: Storage, rows: ReviewedPrediction[], classes: DatasetClass[]): Readable {
  async function* pieces() {
    const images = rows.map((row) => ({
      id: row.image_id,
      file_name: `images/${fileStem(row)}.jpg`,
      mask_file_name: `masks/${fileStem(row)}.png`,
      width: row.width,
      height: row.height,
      review: row.state,
    }));
    const categories = classes.map((entry) => ({ id: entry.index, name: entry.name, color: entry.color }));
    yield `{\n"info": ${JSON.stringify({ description: 'Hullscope reviewed masks', version: '1.0' })},\n`;
    yield `"images": ${JSON.stringify(images)},\n"categories": ${JSON.stringify(categories)},\n"annotations": [`;
    let id = 0;
    for (const row of rows) {
      const mask = readStoredMask(
        await storage.getBuffer(storageKeys.file(currentMaskPrefix(row), predictionFiles.pred)),
      );
      for (const entry of classes) {
        const { area, bbox } = extent(mask, row.width, entry.index);
        if (area === 0) continue;
        id += 1;
        const annotation = {
          id,
          image_id: row.image_id,
          category_id: entry.index,
          segmentation: encodeClassRle(mask, row.width, row.height, entry.index),
          area,
          bbox,
          iscrowd: 1,
        };
        yield `${id === 1 ? '' : ','}\n${JSON.stringify(annotation)}`;
      }
    }
    yield '\n]\n}\n';
  }
  return Readable.from(pieces());
}

/**
 * Issue 39 §5: what the dataset ZIP holds, in order. Photos are the model's input (ORG, the upload
 * resized to the resolution) so that every photo and its mask share one pixel grid; masks are the
 * newest version's index PNG with the class palette (a photo accepted as the model saw it: the
 * model's own mask).
 */
export function datasetContents(
  storage: Storage,
  project: { id: number; name: string },
  reviewed: ReviewedPrediction[],
): ArchiveFile[] {
  const modelId = chosenModel(reviewed);
  const rows = reviewed.filter((row) => row.model_id === modelId);
  const modelClasses: ModelClass[] = rows[0] ? storedClassesOf(rows[0].model_manifest) : [];
  const classes: DatasetClass[] = modelClasses.map((entry, index) => ({
    index,
    name: entry.label,
    color: entry.hex_color,
  }));
  const files: ArchiveFile[] = [
    {
      name: 'README.md',
      data: Buffer.from(datasetReadme(project, rows, classes, reviewed.length - rows.length)),
      compressed: false,
    },
    { name: 'classes.json', data: Buffer.from(`${JSON.stringify(classes, null, 2)}\n`), compressed: false },
  ];
  for (const row of rows) {
    files.push(
      {
        name: `images/${fileStem(row)}.jpg`,
        storageKey: storageKeys.file(row.storage_prefix, predictionFiles.org),
        compressed: true,
      },
      {
        name: `masks/${fileStem(row)}.png`,
        storageKey: storageKeys.file(currentMaskPrefix(row), predictionFiles.pred),
        compressed: true,
      },
    );
  }
  files.push({
    name: 'annotations.json',
    stream: () => cocoStream(storage, rows, classes),
    compressed: false,
  });
  return files;
}
