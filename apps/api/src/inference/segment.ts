import type { ModelManifest } from '@hullscope/contract';
import { forEachConcurrently } from '../jobs/for-each-concurrently.js';
import type { RgbImage } from '../media/renditions.js';
import { type Region, toModelInput } from './preprocess.js';
import type { FusedSession } from './session-cache.js';
import { planTiles } from './tile-plan.js';

export interface SegmentOptions {
  /** Images with more (padded) pixels than this are segmented in overlapping tiles to bound memory. */
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
 * The class map and the milliseconds spent inside onnxruntime: the model with the normalisation and
 * argmax fused around it (tiling and copying excluded), summed over tiles that may have run at once.
 */
export interface Segmentation extends ClassMap {
  modelMs: number;
}

/** The fused model's class bytes for one padded region (`[height, width]`, row-major) and its time. */
async function runRegion(
  session: FusedSession,
  manifest: ModelManifest,
  image: RgbImage,
  region: Region,
): Promise<{ classes: Uint8Array; width: number; height: number; modelMs: number }> {
  const input = toModelInput(image, region, manifest.input.stride);
  // A padded copy is ours to hand over unless it shares memory (Node's pool for small buffers); the
  // image's own pixels are still needed for ORG and the thumbnail.
  const { data } = input;
  const ownsItsMemory =
    data !== image.data && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  const { classes, logitsDims, modelMs } = await session.run(input, { handOver: ownsItsMemory });
  const expected = [1, manifest.classes.length, input.height, input.width];
  if (logitsDims.join('x') !== expected.join('x')) {
    throw new Error(
      `model output is ${logitsDims.join('x')}, expected ${expected.join('x')} (manifest classes)`,
    );
  }
  return { classes, width: input.width, height: input.height, modelMs };
}

/** Copies the class bytes of `core` (in image coordinates) into the class map and counts them. */
function copyCore(
  map: ClassMap,
  tile: { classes: Uint8Array; region: Region; width: number },
  core: Region,
): void {
  for (let y = core.y; y < core.y + core.height; y += 1) {
    const from = (y - tile.region.y) * tile.width + (core.x - tile.region.x);
    const to = y * map.width + core.x;
    map.classes.set(tile.classes.subarray(from, from + core.width), to);
    for (let pixel = to; pixel < to + core.width; pixel += 1) map.counts[map.classes[pixel]!]! += 1;
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
    modelMs: 0,
  };
  const tiles = planTiles(image.width, image.height, manifest.input.stride, options.maxTilePixels);
  // As many tiles at once as the session runs at once: more would only wait, holding their copies.
  await forEachConcurrently(tiles, session.parallelRuns, async ({ region, core }) => {
    const result = await runRegion(session, manifest, image, region);
    map.modelMs += result.modelMs;
    copyCore(map, { region, ...result }, core);
  });
  return map;
}
