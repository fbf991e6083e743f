import type { ModelManifest } from '@hullscope/contract';
import * as ort from 'onnxruntime-node';
import type { RgbImage } from '../media/renditions.js';
import { FUSED_CLASSES, FUSED_INPUT, FUSED_LOGITS_SHAPE } from './fused-model.js';
import { type Region, toModelInput } from './preprocess.js';
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
 * argmax fused around it (tiling and copying excluded).
 */
export interface Segmentation extends ClassMap {
  modelMs: number;
}

/** The fused model's class bytes for one padded region (`[height, width]`, row-major) and its time. */
async function runRegion(
  session: ort.InferenceSession,
  manifest: ModelManifest,
  image: RgbImage,
  region: Region,
): Promise<{ classes: Uint8Array; width: number; height: number; modelMs: number }> {
  const input = toModelInput(image, region, manifest.input.stride);
  const feeds = { [FUSED_INPUT]: new ort.Tensor('uint8', input.data, [1, input.height, input.width, 3]) };
  const started = performance.now();
  const outputs = await session.run(feeds);
  const modelMs = performance.now() - started;
  const classes = outputs[FUSED_CLASSES]!;
  const logitsShape = outputs[FUSED_LOGITS_SHAPE]!;
  const dims = Array.from(logitsShape.data as BigInt64Array, Number);
  logitsShape.dispose();
  const expected = [1, manifest.classes.length, input.height, input.width];
  if (dims.join('x') !== expected.join('x')) {
    classes.dispose();
    throw new Error(`model output is ${dims.join('x')}, expected ${expected.join('x')} (manifest classes)`);
  }
  const data = classes.data as Uint8Array;
  return { classes: data, width: input.width, height: input.height, modelMs };
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
  session: ort.InferenceSession,
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
  for (const { region, core } of planTiles(
    image.width,
    image.height,
    manifest.input.stride,
    options.maxTilePixels,
  )) {
    const result = await runRegion(session, manifest, image, region);
    map.modelMs += result.modelMs;
    copyCore(map, { region, ...result }, core);
  }
  return map;
}
