// npm run model:eval -- --model <id|folder> --images <dir> --masks <dir> [--resolution 800] [--out report.json]
// Measures a model on labelled images with the production inference code: per-class IoU, mIoU with and
// without Background, pixel accuracy, coverage errors and the confusion matrix; writes them as JSON.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { evaluateModel } from '../evaluation/evaluate-model.js';
import type { EvaluationReport } from '../evaluation/segmentation-metrics.js';
import { MODEL_FILE, readModelFolder } from '../inference/model-files.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../inference/tile-plan.js';
import { SessionCache } from '../inference/session-cache.js';

const USAGE =
  'Usage: npm run model:eval -- --model <id|folder> --images <dir> --masks <dir> [--resolution 800] [--out report.json]';
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url));

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function modelDirectory(model: string): string {
  if (existsSync(path.join(model, 'manifest.json'))) return path.resolve(model);
  const modelsDir = path.resolve(process.env.MODELS_DIR ?? path.join(repositoryRoot, 'models'));
  const candidate = path.join(modelsDir, model);
  if (!existsSync(path.join(candidate, 'manifest.json')))
    fail(`No model "${model}" (looked in ${modelsDir}).`);
  return candidate;
}

const percent = (value: number | null) =>
  value === null ? '   –  ' : `${(value * 100).toFixed(1).padStart(5)}%`;
const points = (value: number | null) =>
  value === null ? '   –  ' : `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;

function print(report: EvaluationReport, title: string): void {
  console.log(`\n${title}: ${report.images} images, ${report.pixels} pixels`);
  console.log(
    `pixel accuracy ${percent(report.pixel_accuracy)}   mIoU ${percent(report.miou)}   mIoU without Background ${percent(report.miou_without_background)}`,
  );
  console.log(
    `mean absolute error of total fouling coverage: ${report.total_fouling_coverage_error_mean_abs_pp.toFixed(2)} percentage points\n`,
  );
  console.log(
    `${'class'.padEnd(22)} ${'IoU'.padStart(6)}  coverage error (pred − true, pp): mean / mean abs`,
  );
  for (const entry of report.per_class) {
    console.log(
      `${entry.label.padEnd(22)} ${percent(entry.iou)}  ${points(entry.coverage_error_mean_pp)} / ${points(entry.coverage_error_mean_abs_pp)}`,
    );
  }
  const { labels, counts } = report.confusion_matrix;
  console.log('\nconfusion matrix (rows: true class, columns: predicted class)');
  console.log(`${''.padEnd(22)} ${labels.map((_, index) => String(index).padStart(9)).join('')}`);
  counts.forEach((row, index) =>
    console.log(
      `${`${index} ${labels[index]}`.padEnd(22)} ${row.map((count) => String(count).padStart(9)).join('')}`,
    ),
  );
}

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    images: { type: 'string' },
    masks: { type: 'string' },
    resolution: { type: 'string', default: '800' },
    out: { type: 'string' },
    'max-tile-pixels': { type: 'string', default: String(DEFAULT_MAX_TILE_PIXELS) },
  },
});
if (!values.model || !values.images || !values.masks) fail('--model, --images and --masks are required.');
const maxSide = Number(values.resolution);
if (!Number.isInteger(maxSide) || maxSide < 32)
  fail(`--resolution must be a whole number of pixels, not "${values.resolution}".`);

const folder = await readModelFolder(modelDirectory(values.model));
const sessions = new SessionCache(availableParallelism());
try {
  const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
  const report = await evaluateModel(session, folder, {
    imagesDir: path.resolve(values.images),
    masksDir: path.resolve(values.masks),
    maxSide,
    maxTilePixels: Number(values['max-tile-pixels']),
  });
  print(report, `${folder.manifest.name} ${folder.manifest.version} at ${maxSide} px`);
  const out = path.resolve(values.out ?? `model-eval-${folder.key}.json`);
  await writeFile(
    out,
    `${JSON.stringify({ model: { key: folder.key, name: folder.manifest.name, version: folder.manifest.version }, resolution: maxSide, ...report }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${out}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await sessions.close();
}
