// npm run bench:model [-- --model <dir>] [--runs N] [--sides 800,1920] [--threads N]
//                        [--compare-rev <git revision> | --compare-dir <dir>]
// One image's inference (a real sample upscaled, then resized to 800 × 600; with --sides also to
// other longer sides, 1920 for Full HD) with onnxruntime-node, per bundled model, tiled as the
// pipeline tiles it (one tile at 800 px): the figure the models issue bounds at 800 px (under
// 400 ms on the 2-core development machine).
// With --compare-rev, each bundled model is also timed as it was at that git revision (its
// model.onnx and manifest.json taken from the history into a temporary folder); with
// --compare-dir, as the folder <dir>/<model key> holds it (e.g. the fp32 and INT8 builds of
// ml/quantize.py). The two runs alternate in the same minutes and the ratio of the medians is
// printed: issue 19 bounds a new model's inference at 2.5 × the one it replaces (e.g.
// `--compare-rev e175a0e`, the 1.x models).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import {
  MANIFEST_FILE,
  MODEL_FILE,
  type ModelFolder,
  readModelFolder,
} from '../src/inference/model-files.js';
import { SessionCache } from '../src/inference/session-cache.js';
import { segment } from '../src/inference/segment.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../src/inference/tile-plan.js';
import { openImage } from '../src/media/open-image.js';
import { type RgbImage, resizeToRgb } from '../src/media/renditions.js';
import { benchModels, benchOriginal, median, peakRssMb, repositoryRoot } from './bench-support.js';

/** Issue 19: a new model's inference at 800 px within this many times the one it replaces. */
const RATIO_TARGET = 2.5;

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    runs: { type: 'string', default: '10' },
    sides: { type: 'string', default: '800' },
    threads: { type: 'string', default: String(availableParallelism()) },
    'compare-rev': { type: 'string' },
    'compare-dir': { type: 'string' },
  },
});
const runs = Number(values.runs);
const sides = values.sides.split(',').map(Number);
const threads = Number(values.threads);
if (!Number.isInteger(threads) || threads < 1) throw new Error('--threads: a whole number ≥ 1');
if (sides.some((side) => !Number.isInteger(side) || side < 32))
  throw new Error('--sides: whole numbers ≥ 32');
if (values['compare-rev'] && values['compare-dir'])
  throw new Error('--compare-rev or --compare-dir, not both');
const original = await benchOriginal();
const images = await Promise.all(
  sides.map(async (side) => resizeToRgb(await openImage(original, 100_000_000), side)),
);
const sessions = new SessionCache(threads);
const options = { maxTilePixels: DEFAULT_MAX_TILE_PIXELS };

/** The model folder `models/<key>` as it was at `revision`, written to a temporary folder. */
async function modelAtRevision(key: string, revision: string, into: string): Promise<ModelFolder> {
  const directory = path.join(into, key);
  await mkdir(directory, { recursive: true });
  for (const file of [MODEL_FILE, MANIFEST_FILE]) {
    const { stdout } = await promisify(execFile)('git', ['show', `${revision}:models/${key}/${file}`], {
      cwd: repositoryRoot,
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    await writeFile(path.join(directory, file), stdout);
  }
  return readModelFolder(directory);
}

/** Times `runs` whole-image segmentations of `rgb` by each folder, alternating between them run by run. */
async function timeAlternating(folders: ModelFolder[], rgb: RgbImage): Promise<number[][]> {
  const loaded = await Promise.all(
    folders.map(async (folder) => {
      const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
      await segment(session, folder.manifest, rgb, options); // warm-up
      return { folder, session };
    }),
  );
  const times = folders.map((): number[] => []);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, { folder, session }] of loaded.entries()) {
      const started = performance.now();
      await segment(session, folder.manifest, rgb, options);
      times[index]!.push(performance.now() - started);
    }
  }
  return times;
}

const summary = (times: number[]) =>
  `median ${median(times).toFixed(0)} ms  min ${Math.min(...times).toFixed(0)} ms  max ${Math.max(...times).toFixed(0)} ms`;

/** How a folder is named in the output: key, version and, when the manifest states it, precision. */
const label = (folder: ModelFolder, where = '') =>
  `${folder.key} ${folder.manifest.version}${folder.manifest.precision ? ` ${folder.manifest.precision}` : ''}${where}`;

console.log(
  `inputs ${images.map((rgb) => `${rgb.width}x${rgb.height}`).join(', ')}; ${runs} runs; ` +
    `${threads} threads; tiles above ${DEFAULT_MAX_TILE_PIXELS} px`,
);
const earlierDir = values['compare-rev'] ? await mkdtemp(path.join(tmpdir(), 'hullscope-bench-models-')) : '';
try {
  for (const folder of await benchModels(values.model)) {
    const revision = values['compare-rev'];
    const compareDir = values['compare-dir'];
    for (const rgb of images) {
      const size = `${rgb.width}x${rgb.height}`;
      if (!revision && !compareDir) {
        const [times] = await timeAlternating([folder], rgb);
        console.log(`${folder.key.padEnd(10)} ${size} ${summary(times!)}  peak RSS ${peakRssMb()} MB`);
        continue;
      }
      const earlier = revision
        ? await modelAtRevision(folder.key, revision, earlierDir)
        : await readModelFolder(path.resolve(compareDir!, folder.key));
      const [now, before] = await timeAlternating([folder, earlier], rgb);
      const ratio = median(now!) / median(before!);
      console.log(`${size} ${label(folder)}: ${summary(now!)}`);
      console.log(
        `${size} ${label(earlier, revision ? ` (at ${revision})` : ` (${earlier.directory})`)}: ${summary(before!)}`,
      );
      console.log(
        `  ratio ${ratio.toFixed(2)} x, speed-up ${(1 / ratio).toFixed(2)} x ` +
          `(issue 19's bound <= ${RATIO_TARGET} x: ${ratio <= RATIO_TARGET ? 'met' : 'MISSED'}); peak RSS ${peakRssMb()} MB`,
      );
    }
  }
} finally {
  await sessions.close();
  if (earlierDir) await rm(earlierDir, { recursive: true, force: true });
}
