// npm run bench:confidence-heldout -- --data <dir> [--model <dir>] [--readings <file.json>]
//   [--unreliable-below 0.7] [--low-confidence-fair <0-1>]…
// Issue 46: whether the product's low-confidence judgement catches unreliable readings beyond the
// 12 real photos of bench:robustness. Held-out generated scenes, clear and degraded as underwater
// footage is (`ml/degraded_heldout.py` writes <dir>/images and <dir>/masks-<model>), go through the
// upload's decode and quality measurement and the prediction's resize and segmentation; each
// reading's pixel accuracy against the ground truth says whether it is unreliable. Prints per
// model, clear and degraded, by quality grade: readings, unreliable, flagged (poor or low
// confidence, as the product judges it), unreliable and not flagged, and reliable but flagged; each
// --low-confidence-fair (PREDICTION_LOW_CONFIDENCE_BELOW_FAIR) is judged on the same readings.
// Figures: docs/image-quality.md.
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { imageMaskPairs } from '../src/evaluation/evaluate-model.js';
import { readMask } from '../src/evaluation/read-mask.js';
import { MODEL_FILE } from '../src/inference/model-files.js';
import { SessionCache } from '../src/inference/session-cache.js';
import { segment } from '../src/inference/segment.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../src/inference/tile-plan.js';
import { openImage } from '../src/media/open-image.js';
import { UPLOAD_OPEN_OPTIONS, makeUploadRenditions, resizeToRgb } from '../src/media/renditions.js';
import { DEFAULT_CONFIDENCE_SETTINGS } from '../src/inference/confidence.js';
import { DEFAULT_QUALITY_THRESHOLDS, judgeQuality } from '@hullscope/contract';
import { benchModels } from './bench-support.js';
import { type HeldOutReading, percentile, tallyHeldOut } from './heldout-tally.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    model: { type: 'string' },
    readings: { type: 'string' },
    'unreliable-below': { type: 'string' },
    'low-confidence-fair': { type: 'string', multiple: true },
  },
});
if (!values.data) throw new Error('--data <dir> is required (ml/degraded_heldout.py writes it)');
const STANDARD_SIDE = 800;
/**
 * A reading is unreliable when its pixel accuracy is below this: about the 5th percentile of the
 * models' accuracy on the clear held-out scenes (docs/image-quality.md), so worse than nearly every
 * reading of a clear scene.
 */
const unreliableBelow = Number(values['unreliable-below'] ?? 0.7);

const readings: HeldOutReading[] = [];
const sessions = new SessionCache(availableParallelism());
try {
  for (const folder of await benchModels(values.model)) {
    const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
    const pairs = await imageMaskPairs(
      path.join(values.data, 'images'),
      path.join(values.data, `masks-${folder.key}`),
    );
    for (const pair of pairs) {
      const upload = await openImage(pair.image, 100_000_000, UPLOAD_OPEN_OPTIONS);
      const { quality } = await makeUploadRenditions(upload.image);
      const rgb = await resizeToRgb(await openImage(pair.image, Number.MAX_SAFE_INTEGER), STANDARD_SIDE);
      const read = await segment(session, folder.manifest, rgb, { maxTilePixels: DEFAULT_MAX_TILE_PIXELS });
      const truth = await readMask(pair.mask, folder.manifest.classes, rgb.width, rgb.height);
      let right = 0;
      for (let pixel = 0; pixel < truth.length; pixel += 1)
        if (truth[pixel] === read.classes[pixel]) right += 1;
      const metrics = quality;
      readings.push({
        model: folder.key,
        file: path.basename(pair.image),
        degraded: !/-0\.\w+$/.test(pair.image),
        metrics,
        grade: judgeQuality(metrics, DEFAULT_QUALITY_THRESHOLDS).grade,
        confidence: read.confidence,
        accuracy: right / truth.length,
      });
    }
  }
} finally {
  await sessions.close();
}
if (values.readings) await writeFile(values.readings, JSON.stringify(readings, null, 1));

const fairBounds = (values['low-confidence-fair'] ?? [String(DEFAULT_CONFIDENCE_SETTINGS.lowBelowFair)]).map(
  Number,
);
const row = (name: string, tally: ReturnType<typeof tallyHeldOut>) =>
  `  ${name.padEnd(16)} | ${String(tally.readings).padStart(4)} | ${String(tally.unreliable).padStart(4)} | ${String(tally.flagged).padStart(4)} | ${String(tally.missed).padStart(4)} | ${String(tally.flaggedReliable).padStart(4)}`;
for (const model of [...new Set(readings.map((reading) => reading.model))]) {
  const ofModel = readings.filter((reading) => reading.model === model);
  const clearAccuracy = ofModel.filter((reading) => !reading.degraded).map((reading) => reading.accuracy);
  console.log(
    `\n${model}: pixel accuracy of the clear scenes: 5th percentile ${percentile(clearAccuracy, 0.05).toFixed(3)}, median ${percentile(clearAccuracy, 0.5).toFixed(3)}; unreliable below ${unreliableBelow}`,
  );
  for (const lowBelowFair of fairBounds) {
    const confidence = { ...DEFAULT_CONFIDENCE_SETTINGS, lowBelowFair };
    console.log(
      `  low confidence below ${confidence.lowBelow} (good), ${lowBelowFair} (fair, poor)\n` +
        '  readings         | all  | unreliable | flagged | unreliable not flagged | reliable flagged',
    );
    const judge = (subset: HeldOutReading[]) => tallyHeldOut(subset, unreliableBelow, confidence);
    console.log(row('clear', judge(ofModel.filter((reading) => !reading.degraded))));
    for (const grade of ['good', 'fair', 'poor'] as const) {
      const subset = ofModel.filter((reading) => reading.degraded && reading.grade === grade);
      console.log(row(`degraded, ${grade}`, judge(subset)));
    }
    console.log(row('degraded, all', judge(ofModel.filter((reading) => reading.degraded))));
  }
}
