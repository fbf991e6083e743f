// npm run bench:predict [-- --model <dir>] [--runs N]
// For standard (800 px) and Full HD (1920 px): pure model inference time (inside onnxruntime, summed over
// tiles), whole-pipeline time per image (decode → orient → resize → tiles and normalisation → inference →
// argmax → PRED/ORG/STAT/thumbnail → stored), their ratio, where the rest of the time goes, and peak RSS.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SessionCache } from '../src/inference/session-cache.js';
import { MODEL_FILE } from '../src/inference/model-files.js';
import { predictImage } from '../src/inference/predict-image.js';
import { segment } from '../src/inference/segment.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../src/inference/tile-plan.js';
import { openImage } from '../src/media/open-image.js';
import { resizeToRgb } from '../src/media/renditions.js';
import { localStorage } from '../src/storage/local-storage.js';
import { benchModels, benchOriginal, median, peakRssMb } from './bench-support.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'max-tile-pixels': { type: 'string', default: String(DEFAULT_MAX_TILE_PIXELS) },
  },
});
const runs = Number(values.runs);
const maxTilePixels = Number(values['max-tile-pixels']);
const MAX_PIXELS = 100_000_000;

const original = await benchOriginal();
const sessions = new SessionCache(availableParallelism());
const storageDir = await mkdtemp(path.join(tmpdir(), 'hullscope-bench-storage-'));
const storage = localStorage(storageDir);
console.log(
  `original: 4032x3024 JPEG; ${runs} runs each; ${availableParallelism()} inference threads; tiles above ${maxTilePixels} px`,
);

for (const folder of await benchModels(values.model)) {
  const session = await sessions.get(path.join(folder.directory, MODEL_FILE));
  for (const [label, maxSide] of [
    ['standard', 800],
    ['fullhd', 1920],
  ] as const) {
    const rgb = await resizeToRgb((await openImage(original, MAX_PIXELS)).image, maxSide);
    await segment(session, folder.manifest, rgb, { maxTilePixels });
    const model: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      model.push((await segment(session, folder.manifest, rgb, { maxTilePixels })).modelMs);
    }
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
    const modelMs = median(model);
    const pipelineMs = median(pipeline);
    const ms = (values: number[]) => `${median(values).toFixed(0)} ms`;
    console.log(
      `${folder.key.padEnd(8)} ${label.padEnd(8)} ${rgb.width}x${rgb.height}  inference ${modelMs.toFixed(0)} ms  ` +
        `pipeline ${pipelineMs.toFixed(0)} ms  ratio ${(pipelineMs / modelMs).toFixed(2)} ` +
        `(overhead ${(((pipelineMs - modelMs) / modelMs) * 100).toFixed(0)} %)  peak RSS ${peakRssMb()} MB`,
    );
    console.log(
      `${''.padEnd(18)}pipeline stages: decode+resize ${ms(stages.decodeResizeMs)}, segment ${ms(stages.segmentMs)} ` +
        `(of which inference ${ms(stages.modelMs)}), render ${ms(stages.renderMs)}, store ${ms(stages.storeMs)}`,
    );
  }
}
await sessions.close();
await rm(storageDir, { recursive: true, force: true });
