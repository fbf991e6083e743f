// npm run bench:model [-- --model <dir>] [--runs N]
// One image's inference at 800 px (a real sample upscaled, then resized to 800 × 600) with onnxruntime-node, per bundled model:
// the figure the models issue bounds (under 400 ms on the 2-core development machine).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MODEL_FILE } from '../src/inference/model-files.js';
import { SessionCache } from '../src/inference/session-cache.js';
import { segment } from '../src/inference/segment.js';
import { openImage } from '../src/media/open-image.js';
import { resizeToRgb } from '../src/media/renditions.js';
import { benchModels, benchOriginal, median, peakRssMb } from './bench-support.js';

const { values } = parseArgs({
  options: { model: { type: 'string' }, runs: { type: 'string', default: '10' } },
});
const runs = Number(values.runs);
const rgb = await resizeToRgb(await openImage(await benchOriginal(), 100_000_000), 800);
const sessions = new SessionCache(availableParallelism());
console.log(`input ${rgb.width}x${rgb.height}; ${runs} runs; ${availableParallelism()} threads`);
for (const folder of await benchModels(values.model)) {
  const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
  const options = { maxTilePixels: Number.MAX_SAFE_INTEGER };
  await segment(session, folder.manifest, rgb, options);
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await segment(session, folder.manifest, rgb, options);
    times.push(performance.now() - started);
  }
  console.log(
    `${folder.key.padEnd(10)} median ${median(times).toFixed(0)} ms  min ${Math.min(...times).toFixed(0)} ms  max ${Math.max(...times).toFixed(0)} ms  peak RSS ${peakRssMb()} MB`,
  );
}
await sessions.close();
