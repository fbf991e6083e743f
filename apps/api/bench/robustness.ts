// npm run bench:robustness [-- --model <dir>] [--details] [--readings <file.json>] [--thresholds <json>]…
//   [--low-confidence <0-1>] [--low-confidence-fair <0-1>]…
// Issue 46 §4: every real photo with labelled regions (ml/real-eval/regions*.json), clear and
// degraded in four kinds at three strengths (degradations.ts), through the product's own pipeline:
// the upload's decode and quality measurement, the prediction's resize to the standard 800 px and
// segmentation. Prints per model, kind and strength how many photos and regions are read right, how
// many photos are flagged (poor quality or low confidence) and how many regions are wrong and not
// flagged, the ones an operator cannot catch; then the targets. Each --thresholds (JSON as
// IMAGE_QUALITY_THRESHOLDS takes it) with each --low-confidence-fair (the bound of a fair or poor
// photo, PREDICTION_LOW_CONFIDENCE_BELOW_FAIR) is judged on the same readings; --readings writes
// every reading. Figures: docs/image-quality.md.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateRegions } from '../src/evaluation/evaluate-regions.js';
import { type RegionsFile, readRegionsFile } from '../src/evaluation/real-regions-file.js';
import {
  type ConfidenceSettings,
  DEFAULT_CONFIDENCE_SETTINGS,
  isLowConfidence,
} from '../src/inference/confidence.js';
import { MODEL_FILE } from '../src/inference/model-files.js';
import { SessionCache } from '../src/inference/session-cache.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../src/inference/tile-plan.js';
import { openImage } from '../src/media/open-image.js';
import type { QualityMetrics } from '../src/media/quality/measure-quality.js';
import { type QualityThresholds, judgeQuality } from '@hullscope/contract';
import { parseQualityThresholds } from '../src/media/quality/quality-settings.js';
import { UPLOAD_OPEN_OPTIONS, makeUploadRenditions } from '../src/media/renditions.js';
import { benchModels, repositoryRoot } from './bench-support.js';
import {
  DEGRADATION_KINDS,
  type DegradationKind,
  STRENGTHS,
  type Strength,
  degrade,
} from './degradations.js';
import { type ReadPhoto, type Tally, sumTallies, tallyPhotos } from './robustness-tally.js';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    details: { type: 'boolean' },
    thresholds: { type: 'string', multiple: true },
    'low-confidence': { type: 'string' },
    'low-confidence-fair': { type: 'string', multiple: true },
    readings: { type: 'string' },
  },
});
const REGION_FILES = ['ml/real-eval/regions.json', 'ml/real-eval/regions-niche.json'];
const STANDARD_SIDE = 800;
/** The strengths at which a person can still read the surface in these photos (docs/image-quality.md). */
const READABLE: readonly Strength[] = ['light', 'medium'];
/** A bound given on the command line, checked as the configuration checks it. */
function bound(value: string, option: string): number {
  const parsed = Number(value);
  if (!(parsed >= 0 && parsed <= 1)) throw new Error(`${option} must be a number from 0 to 1, not ${value}`);
  return parsed;
}
const lowBelow = bound(
  values['low-confidence'] ?? String(DEFAULT_CONFIDENCE_SETTINGS.lowBelow),
  '--low-confidence',
);
/** Each way of judging the same readings: quality thresholds with a low-confidence bound of fair photos. */
const judgements: { thresholds: QualityThresholds; confidence: ConfidenceSettings }[] = (
  values.thresholds ?? ['']
).flatMap((json) =>
  (values['low-confidence-fair'] ?? [String(DEFAULT_CONFIDENCE_SETTINGS.lowBelowFair)]).map((fair) => ({
    thresholds: parseQualityThresholds(json),
    confidence: { lowBelow, lowBelowFair: bound(fair, '--low-confidence-fair') },
  })),
);

interface Variant {
  kind: DegradationKind | 'clear';
  strength: Strength | '';
  /** Each regions file with its photos' folder for this variant. */
  sets: (RegionsFile & { imagesDir: string; file: string })[];
  /** By photo file name. */
  metrics: Map<string, QualityMetrics>;
}

const work = path.join(tmpdir(), 'hullscope-bench-robustness');
await rm(work, { recursive: true, force: true });
const originals = await Promise.all(
  REGION_FILES.map(async (file) => ({ ...(await readRegionsFile(path.join(repositoryRoot, file))), file })),
);

/** The upload's own measurement: decoded as an upload decodes it, measured on its preview's pixels. */
async function measure(file: string): Promise<QualityMetrics> {
  const opened = await openImage(file, 100_000_000, UPLOAD_OPEN_OPTIONS);
  return (await makeUploadRenditions(opened.image)).quality;
}

async function variant(kind: Variant['kind'], strength: Variant['strength']): Promise<Variant> {
  const metrics: Variant['metrics'] = new Map();
  const sets: Variant['sets'] = [];
  for (const set of originals) {
    const dir =
      kind === 'clear'
        ? set.imagesDir
        : path.join(work, `${kind}-${strength}`, path.basename(set.file, '.json'));
    await mkdir(dir, { recursive: true });
    for (const image of set.images) {
      const file = path.join(dir, image.file);
      if (kind !== 'clear')
        await degrade(path.join(set.imagesDir, image.file), kind, strength as Strength, file);
      metrics.set(image.file, await measure(file));
    }
    sets.push({ ...set, imagesDir: dir });
  }
  return { kind, strength, sets, metrics };
}

const variants: Variant[] = [await variant('clear', '')];
for (const kind of DEGRADATION_KINDS)
  for (const strength of STRENGTHS) variants.push(await variant(kind, strength));

const label = (entry: Pick<Variant, 'kind' | 'strength'>) =>
  `${entry.kind} ${entry.strength}`.trim().padEnd(17);
const { thresholds, confidence } = judgements[0]!;
console.log(
  `Quality thresholds: ${JSON.stringify(thresholds)}\nLow confidence below ${confidence.lowBelow} (good), ${confidence.lowBelowFair} (fair, poor)\n`,
);
for (const entry of variants) {
  const grades = [...entry.metrics.values()].map((metrics) => judgeQuality(metrics, thresholds).grade);
  const count = (grade: string) => grades.filter((g) => g === grade).length;
  console.log(
    `${label(entry)} quality: ${count('good')} good, ${count('fair')} fair, ${count('poor')} poor of ${grades.length}`,
  );
  if (!values.details) continue;
  for (const [file, m] of entry.metrics) {
    console.log(
      `    ${file.padEnd(24)} ${judgeQuality(m, thresholds).grade.padEnd(5)} sharpness ${m.sharpness.toFixed(3)} contrast ${m.contrast.toFixed(2)} brightness ${m.brightness.toFixed(2)} cast ${m.colour_cast.toFixed(2)} blockiness ${m.blockiness.toFixed(2)} hull ${m.hull_share.toFixed(2)}`,
    );
  }
}

function row(entry: Pick<Variant, 'kind' | 'strength'>, tally: Tally): string {
  const missed =
    values.details && tally.missedPhotos.length > 0 ? `  (${tally.missedPhotos.join(', ')})` : '';
  return (
    `  ${label(entry)} | ${String(tally.photosRight).padStart(2)} of ${tally.photos} | ${String(tally.regionsRight).padStart(2)} of ${tally.regions}` +
    ` | ${String(tally.flaggedPoor).padStart(2)} poor, ${tally.flaggedLowConfidence} low conf., ${String(tally.flagged).padStart(2)} either` +
    ` | ${tally.missedRegions} on ${tally.missedPhotos.length}${missed}`
  );
}

const percent = (part: number, whole: number) => `${Math.round((part / Math.max(1, whole)) * 1000) / 10} %`;

const sessions = new SessionCache(availableParallelism());
/** Every model's reading of every photo in every variant, for --readings. */
const everyReading: (ReadPhoto & { model: string; variant: string })[] = [];
try {
  for (const folder of await benchModels(values.model)) {
    const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
    const readings = new Map<Variant, ReadPhoto[]>();
    for (const entry of variants) {
      const photos: ReadPhoto[] = [];
      for (const set of entry.sets) {
        const report = await evaluateRegions(session, folder, set, {
          regionsFile: set.file,
          maxSide: STANDARD_SIDE,
          maxTilePixels: DEFAULT_MAX_TILE_PIXELS,
        });
        for (const image of report.images) {
          photos.push({
            file: image.file,
            metrics: entry.metrics.get(image.file)!,
            confidence: image.confidence,
            regions: image.regions.length,
            wrong: image.regions.filter((region) => !region.read_right).length,
          });
        }
      }
      readings.set(entry, photos);
      const variantName = label(entry).trim();
      everyReading.push(...photos.map((photo) => ({ model: folder.key, variant: variantName, ...photo })));
      if (values.details) {
        console.log(`  ${folder.key} ${variantName}`);
        for (const photo of photos) {
          const grade = judgeQuality(photo.metrics, thresholds).grade;
          const low = isLowConfidence(photo.confidence, grade, confidence) ? ' low' : '';
          console.log(
            `    ${photo.file.padEnd(24)} ${grade.padEnd(5)} confidence ${photo.confidence.toFixed(3)}${low} wrong ${photo.wrong} of ${photo.regions}`,
          );
        }
      }
    }
    for (const [index, judgement] of judgements.entries()) {
      const tallyOf = (entry: Variant) =>
        tallyPhotos(readings.get(entry)!, judgement.thresholds, judgement.confidence);
      const named =
        judgements.length > 1
          ? `, judgement ${index + 1}: thresholds ${JSON.stringify(judgement.thresholds)}, low confidence below ${judgement.confidence.lowBelow} / ${judgement.confidence.lowBelowFair} (fair)`
          : '';
      console.log(`\n${folder.key} ${folder.manifest.version}${named}`);
      if (index === 0) {
        console.log(
          '  variant           | photos right | regions right | photos flagged | wrong regions not flagged, photos',
        );
        for (const entry of variants) console.log(row(entry, tallyOf(entry)));
      }
      const at = (strengths: readonly Strength[]) =>
        sumTallies(variants.filter((entry) => strengths.includes(entry.strength as Strength)).map(tallyOf));
      const clear = tallyOf(variants[0]!);
      const medium = at(['medium']);
      const readable = at(READABLE);
      const heavy = at(['heavy']);
      console.log(
        `  targets: clear photos flagged poor ${clear.flaggedPoor}, low confidence ${clear.flaggedLowConfidence} (target 0, 0)\n` +
          `           medium strength: ${medium.photosRight} of ${medium.photos} photos read right (${percent(medium.photosRight, medium.photos)}; target ≥ 75 %), ` +
          `${medium.regionsRight} of ${medium.regions} regions (${percent(medium.regionsRight, medium.regions)})\n` +
          `           wrong and not flagged at ${READABLE.join(' and ')}: ${readable.missedRegions} regions on ${readable.missedPhotos.length} photos (target 0); ` +
          `heavy: ${heavy.missedRegions} on ${heavy.missedPhotos.length}\n` +
          `           readable photos flagged: ${readable.flagged} of ${readable.photos}, of them read right: ${readable.flaggedRight}`,
      );
    }
  }
  if (values.readings) await writeFile(values.readings, JSON.stringify(everyReading, null, 1));
} finally {
  await sessions.close();
}
