// npm run bench:predict [-- --model <dir>] [--runs N] [--max-tile-pixels N]
// For standard (800 px) and Full HD (1920 px): pure model inference time (the unmodified model in
// onnxruntime on float tiles of the pipeline's tile shapes, summed), whole-pipeline time per image
// (decode → orient → resize → tiles → fused model: normalisation, inference, argmax → PRED/ORG/STAT/
// thumbnail → stored), their ratio, where the rest of the time goes, and peak RSS.
// Pure inference is measured first, in its own sessions, which are released before the pipeline runs
// and the peak RSS is reset: the pipeline's figure is what a worker with every model loaded uses.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as ort from 'onnxruntime-node';
import { MODEL_FILE, type ModelFolder } from '../src/inference/model-files.js';
import { predictImage } from '../src/inference/predict-image.js';
import { roundUpToStride } from '../src/inference/preprocess.js';
import { segment } from '../src/inference/segment.js';
import { SessionCache, sessionOptions } from '../src/inference/session-cache.js';
import { DEFAULT_MAX_TILE_PIXELS, planTiles } from '../src/inference/tile-plan.js';
import { openImage } from '../src/media/open-image.js';
import { type RgbImage, resizeToRgb } from '../src/media/renditions.js';
import { localStorage } from '../src/storage/local-storage.js';
import {
  benchModels,
  benchOriginal,
  median,
  peakRssMb,
  pureInferenceMs,
  resetPeakRss,
} from './bench-support.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'max-tile-pixels': { type: 'string', default: String(DEFAULT_MAX_TILE_PIXELS) },
  },
});
const runs = Number(values.runs);
const maxTilePixels = Number(values['max-tile-pixels']);
const threads = availableParallelism();
const MAX_PIXELS = 100_000_000;
const SIZES = [
  ['standard', 800],
  ['fullhd', 1920],
] as const;

const original = await benchOriginal();
const folders = await benchModels(values.model);
const resized = new Map<number, RgbImage>();
for (const [, maxSide] of SIZES) {
  resized.set(maxSide, await resizeToRgb((await openImage(original, MAX_PIXELS)).image, maxSide));
}
console.log(
  `original: 4032x3024 JPEG; ${runs} runs each; ${threads} inference threads; tiles above ${maxTilePixels} px`,
);

/** Median pure inference per model and size, in the bare model's own session. */
async function measurePureInference(folder: ModelFolder): Promise<Map<number, number>> {
  const bare = await ort.InferenceSession.create(
    path.join(folder.directory, MODEL_FILE),
    sessionOptions(threads),
  );
  const medians = new Map<number, number>();
  const { stride } = folder.manifest.input;
  for (const [, maxSide] of SIZES) {
    const rgb = resized.get(maxSide)!;
    const tiles = planTiles(rgb.width, rgb.height, stride, maxTilePixels).map(({ region }) => ({
      width: roundUpToStride(region.width, stride),
      height: roundUpToStride(region.height, stride),
    }));
    await pureInferenceMs(bare, tiles);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await pureInferenceMs(bare, tiles));
    medians.set(maxSide, median(times));
  }
  await bare.release();
  return medians;
}

const pure = new Map<string, Map<number, number>>();
for (const folder of folders) pure.set(folder.key, await measurePureInference(folder));
resetPeakRss();

const sessions = new SessionCache(threads);
const storageDir = await mkdtemp(path.join(tmpdir(), 'hullscope-bench-storage-'));
const storage = localStorage(storageDir);
for (const folder of folders) {
  const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
  for (const [label, maxSide] of SIZES) {
    const rgb = resized.get(maxSide)!;
    await segment(session, folder.manifest, rgb, { maxTilePixels });
    const pipeline: number[] = [];
    const stages = {
      decodeResizeMs: [] as number[],
      segmentMs: [] as number[],
      modelMs: [] as number[],
      renderMs: [] as number[],
      storeMs: [] as number[],
    };
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      const opened = await openImage(original, MAX_PIXELS);
      const result = await predictImage(opened.image, {
        session,
        manifest: folder.manifest,
        maxSide,
        maxTilePixels,
      });
      const storing = performance.now();
      const prefix = `bench/${label}/${run}`;
      await Promise.all([
        storage.putBuffer(`${prefix}/ORG.jpg`, result.org),
        storage.putBuffer(`${prefix}/PRED.png`, result.pred),
        storage.putBuffer(`${prefix}/STAT.png`, result.stat),
        storage.putBuffer(`${prefix}/thumbnail.jpg`, result.thumbnail),
      ]);
      pipeline.push(performance.now() - started);
      stages.decodeResizeMs.push(result.timings.decodeResizeMs);
      stages.segmentMs.push(result.timings.segmentMs);
      stages.modelMs.push(result.timings.modelMs);
      stages.renderMs.push(result.timings.renderMs);
      stages.storeMs.push(performance.now() - storing);
    }
    const modelMs = pure.get(folder.key)!.get(maxSide)!;
    const pipelineMs = median(pipeline);
    const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
    console.log(
      `${folder.key.padEnd(8)} ${label.padEnd(8)} ${rgb.width}x${rgb.height}  inference ${modelMs.toFixed(0)} ms  ` +
        `pipeline ${pipelineMs.toFixed(0)} ms  ratio ${(pipelineMs / modelMs).toFixed(2)} ` +
        `(overhead ${(((pipelineMs - modelMs) / modelMs) * 100).toFixed(0)} %)  peak RSS ${peakRssMb()} MB`,
    );
    console.log(
      `${''.padEnd(18)}pipeline stages: decode+resize ${ms(stages.decodeResizeMs)}, segment ${ms(stages.segmentMs)} ` +
        `(of which the fused model ${ms(stages.modelMs)}), render ${ms(stages.renderMs)}, store ${ms(stages.storeMs)}`,
    );
  }
}
await sessions.close();
await rm(storageDir, { recursive: true, force: true });
