// npm run bench:predict [-- --model <dir>] [--runs N] [--max-tile-pixels N] [--in-flight N]
//                          [--parallel-runs N] [--threads N] [--models-kept N] [--sizes standard,fullhd]
// (defaults: the product's, or WORKER_IMAGES_IN_FLIGHT, INFERENCE_PARALLEL_RUNS, INFERENCE_THREADS and
// INFERENCE_MODELS_KEPT; the product's models kept is WORKER_CONCURRENCY, 1 unless set)
// For standard (800 px) and Full HD (1920 px): pure model inference time (the unmodified model in
// onnxruntime on float tiles of the pipeline's tile shapes, summed, on every core in one run: the
// model alone at its fastest for one image), whole-pipeline time per image (at standard the model
// input the upload kept, read from storage, and in a second request the original decoded as the
// upload decodes it, as for images that have none; at Full HD decode → orient → resize; then tiles →
// fused model: normalisation, inference, argmax → PRED/ORG/thumbnail → stored; the STAT chart, drawn
// when first asked for, is timed alone) both for one image alone and per image in a request of N
// images worked as the worker does (WORKER_IMAGES_IN_FLIGHT at once), their ratios, where the time
// goes, and peak RSS.
// This machine's speed drifts by tens of percent within minutes, so pure inference is measured in
// the same minutes as the pipeline it is compared with (runs interleaved with the images alone;
// half before and half after the request). The request's CPU time per image (every thread) is set
// against pure inference's: work added or removed shows there even when wall times drift. With Full HD
// among --sizes, peak RSS is measured first, before any bare-model session exists, over a Full HD request per model, one
// model after the other as a worker runs their requests (keeping --models-kept sessions per thread;
// the time to load a model again after another is printed), together with the event-loop delay of the
// thread that serves the API in the embedded mode;
// every image in flight decodes the 12 MP original from its file, as the worker does (the worker's
// can be up to UPLOAD_MAX_MEGAPIXELS). Worker logs time stages per image while another image is in flight, so
// their figures include waiting; the stages printed here are from images alone.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { DEFAULT_IMAGES_IN_FLIGHT } from '../src/config.js';
import { type StoredImage, predictionPixels } from '../src/features/predictions/prediction-pixels.js';
import { storePredictionFiles } from '../src/features/predictions/run-predict-request.js';
import { MODEL_FILE, type ModelFolder } from '../src/inference/model-files.js';
import { type PredictionTimings, predictImage } from '../src/inference/predict-image.js';
import { segment } from '../src/inference/segment.js';
import { sessionOptions } from '../src/inference/fused-session.js';
import { DEFAULT_PARALLEL_RUNS, defaultInferenceThreads } from '../src/inference/inference-config.js';
import { type FusedSession, SessionCache } from '../src/inference/session-cache.js';
import { DEFAULT_MAX_TILE_PIXELS, tilePixelsFor } from '../src/inference/tile-plan.js';
import { forEachConcurrently } from '../src/lib/for-each-concurrently.js';
import { renderPieceCosts, statChartCost } from './render-stages.js';
import { openImage } from '../src/media/open-image.js';
import {
  type RgbImage,
  UPLOAD_OPEN_OPTIONS,
  makeUploadRenditions,
  resizeToRgb,
} from '../src/media/renditions.js';
import { STANDARD_SIDE, decodeStandardInput, standardInputFromPreview } from '../src/media/standard-input.js';
import { decodeUpload } from '../src/media/upload-decode.js';
import { localStorage } from '../src/storage/local-storage.js';
import { imageFiles, storageKeys } from '../src/storage/storage-keys.js';
import {
  benchModels,
  benchOriginal,
  median,
  paddedTiles,
  peakRssMb,
  pureInferenceMs,
  resetPeakRss,
  withCpuTime,
} from './bench-support.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'max-tile-pixels': { type: 'string', default: String(DEFAULT_MAX_TILE_PIXELS) },
    'in-flight': {
      type: 'string',
      default: process.env.WORKER_IMAGES_IN_FLIGHT ?? String(DEFAULT_IMAGES_IN_FLIGHT),
    },
    'parallel-runs': {
      type: 'string',
      default: process.env.INFERENCE_PARALLEL_RUNS ?? String(DEFAULT_PARALLEL_RUNS),
    },
    threads: { type: 'string', default: process.env.INFERENCE_THREADS },
    sizes: { type: 'string', default: 'standard,fullhd' },
    'models-kept': {
      type: 'string',
      default: process.env.INFERENCE_MODELS_KEPT ?? process.env.WORKER_CONCURRENCY ?? '1',
    },
  },
});
const runs = Number(values.runs);
const maxTilePixels = Number(values['max-tile-pixels']);
const inFlight = Number(values['in-flight']);
const parallelRuns = Number(values['parallel-runs']);
const threads = values.threads === undefined ? defaultInferenceThreads(parallelRuns) : Number(values.threads);
const modelsKept = Number(values['models-kept']);
for (const [name, value] of Object.entries({
  'models-kept': modelsKept,
  runs,
  'max-tile-pixels': maxTilePixels,
  'in-flight': inFlight,
  'parallel-runs': parallelRuns,
  threads,
})) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
}
/** Pure inference is timed on every core: the model alone at its fastest for one image. */
const bareThreads = availableParallelism();
const MAX_PIXELS = 100_000_000;
const ALL_SIZES = [
  ['standard', 800],
  ['fullhd', 1920],
] as const;
const sizeNames = values.sizes.split(',');
const SIZES = ALL_SIZES.filter(([name]) => sizeNames.includes(name));
if (SIZES.length !== sizeNames.length)
  throw new Error('--sizes takes standard, fullhd or both, comma-separated');

const original = await benchOriginal();
const folders = await benchModels(values.model);
console.log(
  `original: 4032x3024 JPEG; ${runs} runs each; pipeline: ${parallelRuns} model runs at once of ${threads} ` +
    `onnxruntime threads, pure inference: ${bareThreads} threads; tiles above ${maxTilePixels} px; ` +
    `requests of ${runs} images, ${inFlight} in flight; ${modelsKept} model sessions kept per thread`,
);

const sessions = new SessionCache(threads, parallelRuns, 0, modelsKept);
const storageDir = await mkdtemp(path.join(tmpdir(), 'hullscope-bench-storage-'));
const storage = localStorage(storageDir);
type Stages = Record<keyof PredictionTimings | 'storeMs', number[]>;

// The original stored as an upload stores it, once with the standard input the upload keeps (the
// images a survey uploads now) and once without (images uploaded before it was kept, or that may be
// transparent). The worker deletes a kept input once used; here every image reads the same one.
const originalBytes = await readFile(original);
const { width: originalWidth, height: originalHeight } = await sharp(original).metadata();
const storedImage = (prefix: string, standardInputKept: boolean): StoredImage => ({
  prefix,
  format: 'jpeg',
  width: originalWidth!,
  height: originalHeight!,
  standardInputKept,
});
const withKept = storedImage('bench/with-kept-input', true);
const withoutKept = storedImage('bench/without-kept-input', false);
for (const image of [withKept, withoutKept])
  await storage.putBuffer(storageKeys.file(image.prefix, imageFiles.original('jpeg')), originalBytes);
await storage.putBuffer(
  storageKeys.file(withKept.prefix, imageFiles.standardInput),
  (await decodeUpload(original, MAX_PIXELS)).standardInput!.data,
);
// The upload's own decode, to time what keeping the input adds to it.
const uploadOpened = await openImage(original, MAX_PIXELS, UPLOAD_OPEN_OPTIONS);
const uploadPixels = (await makeUploadRenditions(uploadOpened.image)).pixels;
const resized = new Map<number, RgbImage>();
for (const [, maxSide] of SIZES)
  resized.set(maxSide, (await predictionPixels(storage, withKept, maxSide, MAX_PIXELS)).rgb);

/** One image through the whole pipeline, as the worker runs it, stored; its stage times kept. */
async function predictAndStore(
  session: FusedSession,
  folder: ModelFolder,
  maxSide: number,
  key: string,
  stages?: Stages,
  image = withKept,
): Promise<void> {
  const result = await predictImage(
    async () => (await predictionPixels(storage, image, maxSide, MAX_PIXELS)).rgb,
    { session, manifest: folder.manifest, maxTilePixels },
  );
  const storing = performance.now();
  await storePredictionFiles(storage, key, result);
  if (!stages) return;
  for (const [stage, ms] of Object.entries(result.timings)) stages[stage as keyof PredictionTimings].push(ms);
  stages.storeMs.push(performance.now() - storing);
}

/**
 * A full collection now (with --expose-gc, as `npm run bench:predict` starts Node), so a request is
 * not timed paying for the garbage of the bare-model runs before it (their full-size logits), which
 * a worker never has.
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Milliseconds per image for a request of `runs` images worked `inFlight` at once. */
async function requestMsPerImage(
  session: FusedSession,
  folder: ModelFolder,
  maxSide: number,
  image = withKept,
) {
  const started = performance.now();
  const images = Array.from({ length: runs }, (_, index) => index);
  await forEachConcurrently(images, inFlight, (index) =>
    predictAndStore(session, folder, maxSide, `bench/request/${index}`, undefined, image),
  );
  return (performance.now() - started) / runs;
}

// Memory first, before any bare-model session has grown the heap: what a worker uses while Full HD
// requests of each model run one after the other (holding --models-kept sessions per thread).
const fusedSessions = await Promise.all(
  folders.map((folder) => sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input)),
);
if (sizeNames.includes('fullhd')) {
  resetPeakRss();
  // How long this thread (the API's, in the embedded mode) went unanswered while the requests ran.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  for (const [index, folder] of folders.entries())
    await requestMsPerImage(fusedSessions[index]!, folder, 1920);
  loopDelay.disable();
  console.log(
    `peak RSS during Full HD requests (each model in turn, ${modelsKept} kept per thread, ${inFlight} images ` +
      `in flight): ${peakRssMb()} MB; ` +
      `event-loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
  );
}
// What keeping fewer sessions than models costs: each switch to a model not held loads it again.
if (folders.length > 1) {
  const switches: string[] = [];
  for (const folder of folders) {
    const started = performance.now();
    await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
    switches.push(`${folder.key} ${(performance.now() - started).toFixed(0)} ms`);
  }
  console.log(`creating a model's session after another model's run: ${switches.join(', ')}`);
}

for (const folder of folders) {
  const bare = await ort.InferenceSession.create(
    path.join(folder.directory, MODEL_FILE),
    sessionOptions(bareThreads),
  );
  const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
  for (const [label, maxSide] of SIZES) {
    const rgb = resized.get(maxSide)!;
    // The bare model runs on the tiles the pipeline cuts for this model (larger for INT8).
    const modelTilePixels = tilePixelsFor(folder.manifest.precision, maxTilePixels);
    const tiles = paddedTiles(rgb.width, rgb.height, folder.manifest.input.stride, modelTilePixels);
    await pureInferenceMs(bare, tiles);
    const segmentation = await segment(session, folder.manifest, rgb, { maxTilePixels });
    // Each pipeline figure is compared with inference timed alongside it: one run before each image
    // alone; half the runs before the request and half after it.
    const pureAlone: number[] = [];
    const pureRequest: number[] = [];
    const alone: number[] = [];
    const stages: Stages = { decodeResizeMs: [], modelMs: [], segmentMs: [], renderMs: [], storeMs: [] };
    for (let run = 0; run < runs; run += 1) {
      pureAlone.push(await pureInferenceMs(bare, tiles));
      const started = performance.now();
      await predictAndStore(session, folder, maxSide, `bench/alone/${run}`, stages);
      alone.push(performance.now() - started);
    }
    const half = Math.max(1, Math.round(runs / 2));
    const pureCpu: number[] = [];
    const timePure = async () => {
      const { result, cpuMs } = await withCpuTime(() => pureInferenceMs(bare, tiles));
      pureRequest.push(result);
      pureCpu.push(cpuMs);
    };
    for (let run = 0; run < half; run += 1) await timePure();
    collectGarbage();
    const request = await withCpuTime(() => requestMsPerImage(session, folder, maxSide));
    const inRequest = request.result;
    const standard = maxSide === STANDARD_SIDE;
    if (standard) collectGarbage();
    const decodingRequest = standard
      ? await withCpuTime(() => requestMsPerImage(session, folder, maxSide, withoutKept))
      : undefined;
    for (let run = 0; run < half; run += 1) await timePure();
    const requestCpu = request.cpuMs / runs;
    const pureCpuMs = median(pureCpu);

    const overhead = (pipelineMs: number, pure: number[]) => {
      const modelMs = median(pure);
      return (
        `inference ${modelMs.toFixed(0)} ms  ratio ${(pipelineMs / modelMs).toFixed(2)} ` +
        `(overhead ${(((pipelineMs - modelMs) / modelMs) * 100).toFixed(0)} %)`
      );
    };
    const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
    console.log(`${folder.key.padEnd(8)} ${label.padEnd(8)} ${rgb.width}x${rgb.height}`);
    console.log(
      `${''.padEnd(18)}one image alone: pipeline ${ms(alone)}  ${overhead(median(alone), pureAlone)}`,
    );
    console.log(
      `${''.padEnd(18)}in a request of ${runs}, ${inFlight} in flight: pipeline ${inRequest.toFixed(0)} ms per image  ` +
        overhead(inRequest, pureRequest),
    );
    const cpuLine = (cpu: number) =>
      `pipeline ${cpu.toFixed(0)} core-ms, inference ${pureCpuMs.toFixed(0)} core-ms ` +
      `(overhead ${(((cpu - pureCpuMs) / pureCpuMs) * 100).toFixed(0)} %)`;
    console.log(`${''.padEnd(18)}CPU per image in that request: ${cpuLine(requestCpu)}`);
    if (decodingRequest) {
      console.log(
        `${''.padEnd(18)}the same without the upload's kept input (decoding the original): ` +
          `${decodingRequest.result.toFixed(0)} ms per image  ${overhead(decodingRequest.result, pureRequest)}; ` +
          `CPU ${cpuLine(decodingRequest.cpuMs / runs)}`,
      );
    }
    console.log(
      `${''.padEnd(18)}stages (one image alone): decode+resize ${ms(stages.decodeResizeMs)}, segment ${ms(stages.segmentMs)} ` +
        `(the fused model, summed over tiles: ${ms(stages.modelMs)}), render ${ms(stages.renderMs)}, store ${ms(stages.storeMs)}`,
    );
    // CPU of the other stages alone, paired run by run: the fused model against the bare one on
    // the same tiles, and decoding with resizing.
    const fusedCpu: number[] = [];
    const bareCpu: number[] = [];
    const decodeCpu: number[] = [];
    const keptCpu: number[] = [];
    const keepingCpu: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      fusedCpu.push(
        (await withCpuTime(() => segment(session, folder.manifest, rgb, { maxTilePixels }))).cpuMs,
      );
      bareCpu.push((await withCpuTime(() => pureInferenceMs(bare, tiles))).cpuMs);
      decodeCpu.push(
        (
          await withCpuTime(async () =>
            standard
              ? decodeStandardInput(original, MAX_PIXELS)
              : resizeToRgb(await openImage(original, MAX_PIXELS, { fitSide: maxSide }), maxSide),
          )
        ).cpuMs,
      );
      if (!standard) continue;
      keptCpu.push((await withCpuTime(() => predictionPixels(storage, withKept, maxSide, MAX_PIXELS))).cpuMs);
      keepingCpu.push(
        (
          await withCpuTime(async () =>
            storage.putBuffer(
              storageKeys.file('bench/kept-at-upload', imageFiles.standardInput),
              (await standardInputFromPreview(uploadPixels, uploadOpened)).data,
            ),
          )
        ).cpuMs,
      );
    }
    const kept = standard
      ? `; reading the upload's kept input ${median(keptCpu).toFixed(1)} core-ms (making and writing ` +
        `it at upload, from the upload's decode ${median(keepingCpu).toFixed(1)} core-ms)`
      : '';
    console.log(
      `${''.padEnd(18)}CPU alone: segmentation with the fused model ${median(fusedCpu).toFixed(0)} core-ms ` +
        `against the bare model ${median(bareCpu).toFixed(0)} core-ms; open, decode and resize the original ` +
        `${median(decodeCpu).toFixed(0)} core-ms${kept}`,
    );
    const pieces = await renderPieceCosts(rgb, segmentation, folder.manifest, runs);
    console.log(
      `${''.padEnd(18)}render's pieces, each alone: ` +
        pieces
          .map(({ piece, wallMs, cpuMs }) => `${piece} ${wallMs.toFixed(1)} ms (${cpuMs.toFixed(1)} core-ms)`)
          .join(', '),
    );
    const stat = await statChartCost(segmentation, folder.manifest, runs);
    console.log(
      `${''.padEnd(18)}not in the pipeline: STAT chart, rendered when first asked for, ` +
        `${stat.wallMs.toFixed(1)} ms (${stat.cpuMs.toFixed(1)} core-ms)`,
    );
  }
  await bare.release();
}

await sessions.close();
await rm(storageDir, { recursive: true, force: true });
