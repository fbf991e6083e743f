// npm run bench:model [-- --model <dir>] [--runs N] [--compare-rev <git revision>]
// One image's inference at 800 px (a real sample upscaled, then resized to 800 × 600) with onnxruntime-node, per bundled model:
// the figure the models issue bounds (under 400 ms on the 2-core development machine).
// With --compare-rev, each bundled model is also timed as it was at that git revision (its
// model.onnx and manifest.json taken from the history into a temporary folder), the two runs
// alternating in the same minutes, and the ratio of the medians is printed: issue 19 bounds a new
// model's inference at 2.5 × the one it replaces (e.g. `--compare-rev e175a0e`, the 1.x models).
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
import { openImage } from '../src/media/open-image.js';
import { resizeToRgb } from '../src/media/renditions.js';
import { benchModels, benchOriginal, median, peakRssMb, repositoryRoot } from './bench-support.js';

/** Issue 19: a new model's inference at 800 px within this many times the one it replaces. */
const RATIO_TARGET = 2.5;

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    runs: { type: 'string', default: '10' },
    'compare-rev': { type: 'string' },
  },
});
const runs = Number(values.runs);
const rgb = await resizeToRgb(await openImage(await benchOriginal(), 100_000_000), 800);
const sessions = new SessionCache(availableParallelism());
const options = { maxTilePixels: Number.MAX_SAFE_INTEGER };

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

/** Times `runs` whole-image segmentations of each folder, alternating between them run by run. */
async function timeAlternating(folders: ModelFolder[]): Promise<number[][]> {
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

console.log(`input ${rgb.width}x${rgb.height}; ${runs} runs; ${availableParallelism()} threads`);
const earlierDir = values['compare-rev'] ? await mkdtemp(path.join(tmpdir(), 'hullscope-bench-models-')) : '';
try {
  for (const folder of await benchModels(values.model)) {
    const revision = values['compare-rev'];
    if (!revision) {
      const [times] = await timeAlternating([folder]);
      console.log(`${folder.key.padEnd(10)} ${summary(times!)}  peak RSS ${peakRssMb()} MB`);
      continue;
    }
    const earlier = await modelAtRevision(folder.key, revision, earlierDir);
    const [now, before] = await timeAlternating([folder, earlier]);
    const ratio = median(now!) / median(before!);
    console.log(`${folder.key} ${folder.manifest.version}: ${summary(now!)}`);
    console.log(`${folder.key} ${earlier.manifest.version} (at ${revision}): ${summary(before!)}`);
    console.log(
      `  ratio ${ratio.toFixed(2)} x (target <= ${RATIO_TARGET} x: ${ratio <= RATIO_TARGET ? 'met' : 'MISSED'}); peak RSS ${peakRssMb()} MB`,
    );
  }
} finally {
  await sessions.close();
  if (earlierDir) await rm(earlierDir, { recursive: true, force: true });
}
