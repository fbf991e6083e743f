// npm run model:eval -- --model <id|folder> --images <dir> --masks <dir> [--resolution 800] [--out report.json]
// npm run model:eval -- --model <id|folder> --regions ml/real-eval/regions.json [--real-images <dir>] [--overlays <dir>]
// Measures a model with the production inference code: on images with full masks, per-class IoU, mIoU
// with and without Background, pixel accuracy, coverage errors and the confusion matrix; on real photos
// with coarse region labels, the share of each region read as an accepted class and whether it is read
// right. Both may be given in one run; the JSON holds what was measured.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { evaluateModel } from '../evaluation/evaluate-model.js';
import { evaluateRegions, type RegionsReport } from '../evaluation/evaluate-regions.js';
import { readRegionsFile } from '../evaluation/real-regions-file.js';
import { writeRegionOverlay } from '../evaluation/region-overlays.js';
import type { EvaluationReport } from '../evaluation/segmentation-metrics.js';
import { MODEL_FILE, readModelFolder } from '../inference/model-files.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../inference/tile-plan.js';
import { SessionCache } from '../inference/session-cache.js';
import { printRegionReport } from './print-region-report.js';

const USAGE = [
  'Usage: npm run model:eval -- --model <id|folder> --images <dir> --masks <dir> [--resolution 800] [--out report.json]',
  '       npm run model:eval -- --model <id|folder> --regions <file> [--real-images <dir>] [--overlays <dir>] [--resolution 800] [--out report.json]',
].join('\n');
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
    regions: { type: 'string' },
    'real-images': { type: 'string' },
    overlays: { type: 'string' },
    resolution: { type: 'string', default: '800' },
    out: { type: 'string' },
    'max-tile-pixels': { type: 'string', default: String(DEFAULT_MAX_TILE_PIXELS) },
  },
});
if (!values.model) fail('--model is required.');
if (Boolean(values.images) !== Boolean(values.masks)) fail('--images and --masks go together.');
if (!values.masks && !values.regions) fail('Give --images and --masks, or --regions, or both.');
if (!values.regions && (values['real-images'] || values.overlays))
  fail('--real-images and --overlays need --regions.');
const maxSide = Number(values.resolution);
if (!Number.isInteger(maxSide) || maxSide < 32)
  fail(`--resolution must be a whole number of pixels, not "${values.resolution}".`);
const maxTilePixels = Number(values['max-tile-pixels']);

const folder = await readModelFolder(modelDirectory(values.model));
const sessions = new SessionCache(availableParallelism());
try {
  const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
  const title = `${folder.manifest.name} ${folder.manifest.version} at ${maxSide} px`;
  let synthetic: EvaluationReport | undefined;
  if (values.images && values.masks) {
    synthetic = await evaluateModel(session, folder, {
      imagesDir: path.resolve(values.images),
      masksDir: path.resolve(values.masks),
      maxSide,
      maxTilePixels,
    });
    print(synthetic, title);
  }
  let realRegions: RegionsReport | undefined;
  if (values.regions) {
    const overlays = values.overlays ? path.resolve(values.overlays) : undefined;
    realRegions = await evaluateRegions(
      session,
      folder,
      await readRegionsFile(path.resolve(values.regions), values['real-images']),
      {
        regionsFile: values.regions,
        maxSide,
        maxTilePixels,
        onPhoto: overlays
          ? async (photo) => {
              await writeRegionOverlay(overlays, folder.key, folder.manifest.classes, photo);
            }
          : undefined,
      },
    );
    printRegionReport(realRegions, title);
    if (overlays) console.log(`overlays in ${overlays}`);
  }
  const out = path.resolve(values.out ?? `model-eval-${folder.key}.json`);
  const model = { key: folder.key, name: folder.manifest.name, version: folder.manifest.version };
  await writeFile(
    out,
    `${JSON.stringify({ model, resolution: maxSide, ...synthetic, ...(realRegions && { real_regions: realRegions }) }, null, 2)}\n`,
  );
  console.log(`\nwritten to ${out}`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await sessions.close();
}
