import type { ModelManifest } from '@hullscope/contract';
import { forEachConcurrently } from '../lib/for-each-concurrently.js';
import type { RgbImage } from '../media/renditions.js';
import { type Region, toModelInput } from './preprocess.js';
import type { FusedSession } from './session-cache.js';
import { type Tile, planTiles, tilePixelsFor } from './tile-plan.js';

export interface SegmentOptions {
  /**
   * Images with more (padded) pixels than this are segmented in overlapping tiles to bound memory
   * (an fp32 model's bound; an INT8 model's is larger, see tilePixelsFor).
   */
  maxTilePixels: number;
}

/** A class index per pixel, row-major, the size of the image, and how many pixels each class has. */
export interface ClassMap {
  classes: Uint8Array;
  width: number;
  height: number;
  /** Pixels per class index, counted while the tiles are copied in so percentages need no second pass. */
  counts: Uint32Array;
}

/**
 * The class map, how sure the model was, and the milliseconds spent inside onnxruntime: the model
 * with the normalisation and argmax fused around it (tiling and copying excluded), summed over
 * tiles that may have run at once.
 */
export interface Segmentation extends ClassMap {
  /**
   * The mean over the image's pixels of each pixel's largest class probability, 0 to 1 (1 / classes
   * at the least): low where the model hesitates between classes, as on murky or unfamiliar photos.
   */
  confidence: number;
  modelMs: number;
}

/** The model answered values that are not numbers (NaN or infinite logits) for an image. */
export class ModelOutputError extends Error {
  constructor() {
    super(
      "the model's output for this image is not a number at some pixels (NaN or infinite logits), so its classes cannot be trusted",
    );
    this.name = 'ModelOutputError';
  }
}

/**
 * The fused model's class bytes for one padded region (`[height, width]`, row-major), the sum of
 * the core's largest class probabilities, and its time.
 */
async function runRegion(
  session: FusedSession,
  manifest: ModelManifest,
  image: RgbImage,
  { region, core }: Tile,
): Promise<{ classes: Uint8Array; width: number; height: number; confidenceSum: number; modelMs: number }> {
  const input = toModelInput(image, region, manifest.input.stride);
  const coreInTile = { ...core, x: core.x - region.x, y: core.y - region.y };
  // A padded copy is ours to hand over; the image's own pixels are still needed for ORG and the thumbnail.
  const { classes, logitsDims, confidenceSum, modelMs } = await session.run(input, coreInTile, {
    handOver: input.copied,
  });
  const expected = [1, manifest.classes.length, input.height, input.width];
  if (logitsDims.join('x') !== expected.join('x')) {
    throw new Error(
      `model output is ${logitsDims.join('x')}, expected ${expected.join('x')} (manifest classes)`,
    );
  }
  return { classes, width: input.width, height: input.height, confidenceSum, modelMs };
}

/**
 * Adds each class's pixels in `bytes` to `counts`, a run at a time: a class map is mostly
 * long runs, and one add per run instead of per pixel avoids each add waiting on the last one's store
 * when neighbours share a class (about twice as fast).
 */
function countRuns(counts: Uint32Array, bytes: Uint8Array): void {
  if (bytes.length === 0) return;
  let current = bytes[0]!;
  let run = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const value = bytes[index]!;
    if (value === current) {
      run += 1;
    } else {
      counts[current]! += run;
      current = value;
      run = 1;
    }
  }
  counts[current]! += run;
}

/** Copies the class bytes of `core` (in image coordinates) into the class map and counts them. */
function copyCore(
  map: ClassMap,
  tile: { classes: Uint8Array; region: Region; width: number },
  core: Region,
): void {
  for (let y = core.y; y < core.y + core.height; y += 1) {
    const from = (y - tile.region.y) * tile.width + (core.x - tile.region.x);
    const row = tile.classes.subarray(from, from + core.width);
    map.classes.set(row, y * map.width + core.x);
    countRuns(map.counts, row);
  }
}

/**
 * Segments the image in the tiles of `planTiles`: the whole image at once when its padded size fits
 * `maxTilePixels`, else overlapping tiles whose cores cover the image exactly and whose margins give
 * every core pixel context; only core pixels are kept, so tile seams do not show.
 */
export async function segment(
  session: FusedSession,
  manifest: ModelManifest,
  image: RgbImage,
  options: SegmentOptions,
): Promise<Segmentation> {
  const classCount = manifest.classes.length;
  const map: Segmentation = {
    classes: new Uint8Array(image.width * image.height),
    width: image.width,
    height: image.height,
    counts: new Uint32Array(classCount),
    confidence: 0,
    modelMs: 0,
  };
  // The cores cover every pixel once, so the tiles' sums add up to the image's.
  let confidenceSum = 0;
  const tiles = planTiles(
    image.width,
    image.height,
    manifest.input.stride,
    tilePixelsFor(manifest.precision, options.maxTilePixels),
  );
  // One tile more than the session runs at once: it waits in the inference thread, so the model
  // starts on it the moment a tile finishes, while this thread copies that tile's classes in and cuts
  // the next one (with only as many as run, the model would idle between tiles).
  // More would only wait, holding their copies.
  await forEachConcurrently(tiles, session.parallelRuns + 1, async (tile) => {
    const result = await runRegion(session, manifest, image, tile);
    map.modelMs += result.modelMs;
    confidenceSum += result.confidenceSum;
    copyCore(map, { region: tile.region, ...result }, tile.core);
  });
  // A NaN logit, or a largest one that is infinite, anywhere in a tile (its padding too) makes the
  // tile's sum NaN (fused-confidence.ts). The class choice would still name a class there, so a
  // broken model would pass for a confident one. (A class at minus infinity is only ruled out.)
  if (!Number.isFinite(confidenceSum)) throw new ModelOutputError();
  // Float sums may overshoot by a rounding error; a confidence is a share.
  map.confidence = Math.min(1, confidenceSum / (image.width * image.height));
  return map;
}
