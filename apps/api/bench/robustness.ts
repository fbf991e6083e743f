// npm run bench:robustness [-- --model <dir>] [--details]
// Issue 46 §4: every real photo with labelled regions (ml/real-eval/regions*.json), clear and
// degraded in four kinds at three strengths (degradations.ts), through the product's own pipeline:
// the upload's decode and quality measurement, the prediction's resize to the standard 800 px and
// segmentation. Prints per model, kind and strength how many regions are read right, how many sit
// on a flagged photo (poor quality or low confidence) and how many are wrong and not flagged, the
// ones an operator cannot catch. Figures: docs/image-quality.md.
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { evaluateRegions, type RegionsReport } from '../src/evaluation/evaluate-regions.js';
import { type RegionsFile, readRegionsFile } from '../src/evaluation/real-regions-file.js';
import { DEFAULT_LOW_CONFIDENCE_BELOW } from '../src/inference/confidence.js';
import { MODEL_FILE } from '../src/inference/model-files.js';
import { SessionCache } from '../src/inference/session-cache.js';
import { DEFAULT_MAX_TILE_PIXELS } from '../src/inference/tile-plan.js';
import { openImage } from '../src/media/open-image.js';
import type { QualityMetrics } from '../src/media/quality/measure-quality.js';
import {
  DEFAULT_QUALITY_THRESHOLDS,
  type QualityJudgement,
  judgeQuality,
} from '../src/media/quality/quality-grade.js';
import { UPLOAD_OPEN_OPTIONS, makeUploadRenditions } from '../src/media/renditions.js';
import { benchModels, repositoryRoot } from './bench-support.js';
import {
  DEGRADATION_KINDS,
  type DegradationKind,
  STRENGTHS,
  type Strength,
  degrade,
} from './degradations.js';

const { values } = parseArgs({ options: { model: { type: 'string' }, details: { type: 'boolean' } } });
const REGION_FILES = ['ml/real-eval/regions.json', 'ml/real-eval/regions-niche.json'];
const STANDARD_SIDE = 800;

interface Variant {
  kind: DegradationKind | 'clear';
  strength: Strength | '';
  /** Each regions file with its photos' folder for this variant. */
  sets: (RegionsFile & { imagesDir: string; file: string })[];
  /** By photo file name. */
  quality: Map<string, { metrics: QualityMetrics; judgement: QualityJudgement }>;
}

const work = path.join(tmpdir(), 'hullscope-bench-robustness');
await rm(work, { recursive: true, force: true });
const originals = await Promise.all(
  REGION_FILES.map(async (file) => ({ ...(await readRegionsFile(path.join(repositoryRoot, file))), file })),
);

/** The upload's own measurement: decoded as an upload decodes it, measured on its preview's pixels. */
async function measure(file: string) {
  const { quality } = await makeUploadRenditions(
    (await openImage(file, 100_000_000, UPLOAD_OPEN_OPTIONS)).image,
  );
  return { metrics: quality, judgement: judgeQuality(quality, DEFAULT_QUALITY_THRESHOLDS) };
}

async function variant(kind: Variant['kind'], strength: Variant['strength']): Promise<Variant> {
  const quality: Variant['quality'] = new Map();
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
      quality.set(image.file, await measure(file));
    }
    sets.push({ ...set, imagesDir: dir });
  }
  return { kind, strength, sets, quality };
}

const variants: Variant[] = [await variant('clear', '')];
for (const kind of DEGRADATION_KINDS)
  for (const strength of STRENGTHS) variants.push(await variant(kind, strength));

console.log(
  `Quality thresholds: ${JSON.stringify(DEFAULT_QUALITY_THRESHOLDS)}\nLow confidence below ${DEFAULT_LOW_CONFIDENCE_BELOW}\n`,
);
for (const entry of variants) {
  const grades = [...entry.quality.values()].map((q) => q.judgement.grade);
  const count = (grade: string) => grades.filter((g) => g === grade).length;
  console.log(
    `${`${entry.kind} ${entry.strength}`.padEnd(18)} quality: ${count('good')} good, ${count('fair')} fair, ${count('poor')} poor of ${grades.length}`,
  );
  if (values.details) {
    for (const [file, q] of entry.quality) {
      const m = q.metrics;
      console.log(
        `    ${file.padEnd(24)} ${q.judgement.grade.padEnd(5)} sharp ${m.sharpness.toFixed(3)} contrast ${m.contrast.toFixed(2)} bright ${m.brightness.toFixed(2)} cast ${m.colour_cast.toFixed(2)} block ${m.blockiness.toFixed(2)} hull ${m.hull_share.toFixed(2)}`,
      );
    }
  }
}

const sessions = new SessionCache(availableParallelism());
try {
  for (const folder of await benchModels(values.model)) {
    const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
    console.log(`\n${folder.key} ${folder.manifest.version}`);
    console.log(
      '  kind       strength | photos right | regions right | flagged: quality, confidence, either | wrong and not flagged (regions / photos)',
    );
    for (const entry of variants) {
      const reports: RegionsReport[] = [];
      for (const set of entry.sets) {
        reports.push(
          await evaluateRegions(session, folder, set, {
            regionsFile: set.file,
            maxSide: STANDARD_SIDE,
            maxTilePixels: DEFAULT_MAX_TILE_PIXELS,
          }),
        );
      }
      const photos = reports.flatMap((report) => report.images);
      let regions = 0;
      let right = 0;
      let photosRight = 0;
      let flaggedQuality = 0;
      let flaggedConfidence = 0;
      let flagged = 0;
      let missedRegions = 0;
      let missedPhotos = 0;
      const lowPhotos: string[] = [];
      for (const photo of photos) {
        const poor = entry.quality.get(photo.file)!.judgement.grade === 'poor';
        const low = photo.confidence < DEFAULT_LOW_CONFIDENCE_BELOW;
        const wrong = photo.regions.filter((region) => !region.read_right).length;
        regions += photo.regions.length;
        right += photo.regions.length - wrong;
        if (wrong === 0) photosRight += 1;
        if (poor) flaggedQuality += 1;
        if (low) flaggedConfidence += 1;
        if (poor || low) flagged += 1;
        else if (wrong > 0) {
          missedRegions += wrong;
          missedPhotos += 1;
          lowPhotos.push(`${photo.file} (${wrong}, conf ${photo.confidence.toFixed(2)})`);
        }
      }
      console.log(
        `  ${entry.kind.padEnd(10)} ${entry.strength.padEnd(8)} | ${String(photosRight).padStart(2)} of ${photos.length}     | ${String(right).padStart(2)} of ${regions}      | ${flaggedQuality}, ${flaggedConfidence}, ${flagged} photos                   | ${missedRegions} / ${missedPhotos}${lowPhotos.length > 0 && values.details ? `  ${lowPhotos.join(', ')}` : ''}`,
      );
    }
  }
} finally {
  await sessions.close();
}
