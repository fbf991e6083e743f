import type { ModelManifest } from '@hullscope/contract';
import * as ort from 'onnxruntime-node';
import type { RgbImage } from '../media/renditions.js';
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
  /** Pixels per class index, counted during the argmax so percentages need no second pass. */
  counts: Uint32Array;
}

/** The class map and the milliseconds spent inside onnxruntime alone (pre- and post-processing excluded). */
export interface Segmentation extends ClassMap {
  modelMs: number;
}

async function runRegion(
  session: ort.InferenceSession,
  manifest: ModelManifest,
  image: RgbImage,
  region: Region,
): Promise<{ logits: Float32Array; width: number; height: number; modelMs: number }> {
  const input = toModelInput(image, region, manifest.input);
  const inputName = session.inputNames[0]!;
  const outputName = session.outputNames[0]!;
  const feeds = { [inputName]: new ort.Tensor('float32', input.data, [1, 3, input.height, input.width]) };
  const started = performance.now();
  const output = (await session.run(feeds))[outputName]!;
  const modelMs = performance.now() - started;
  const expected = [1, manifest.classes.length, input.height, input.width];
  if (output.dims.join('x') !== expected.join('x')) {
    throw new Error(
      `model output is ${output.dims.join('x')}, expected ${expected.join('x')} (manifest classes)`,
    );
  }
  const logits = output.data as Float32Array;
  output.dispose();
  return { logits, width: input.width, height: input.height, modelMs };
}

/** Writes the argmax of `logits` over `core` (in image coordinates) into the class map and its counts. */
function argmaxInto(
  map: ClassMap,
  logits: Float32Array,
  tile: { region: Region; width: number; height: number },
  core: Region,
  classCount: number,
): void {
  const plane = tile.width * tile.height;
  for (let y = core.y; y < core.y + core.height; y += 1) {
    const tileRow = (y - tile.region.y) * tile.width;
    for (let x = core.x; x < core.x + core.width; x += 1) {
      const pixel = tileRow + (x - tile.region.x);
      let best = 0;
      let bestValue = logits[pixel]!;
      for (let k = 1; k < classCount; k += 1) {
        const value = logits[k * plane + pixel]!;
        if (value > bestValue) {
          bestValue = value;
          best = k;
        }
      }
      map.classes[y * map.width + x] = best;
      map.counts[best]! += 1;
    }
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
    argmaxInto(map, result.logits, { region, ...result }, core, classCount);
  }
  return map;
}
