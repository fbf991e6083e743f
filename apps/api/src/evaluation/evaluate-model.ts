import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ModelFolder } from '../inference/model-files.js';
import { segment } from '../inference/segment.js';
import type { FusedSession } from '../inference/session-cache.js';
import { openImage } from '../media/open-image.js';
import { resizeToRgb } from '../media/renditions.js';
import { STANDARD_SIDE, decodeStandardInput } from '../media/standard-input.js';
import { readMask } from './read-mask.js';
import { EvaluationAccumulator, type EvaluationReport } from './segmentation-metrics.js';

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|tiff?|heic|heif)$/i;

export interface EvaluateOptions {
  imagesDir: string;
  masksDir: string;
  /** The longest side the images are resized to, as a resolution would (never up). */
  maxSide: number;
  maxTilePixels: number;
}

/** Pairs `<name>.<image ext>` in the images folder with `<name>.png` in the masks folder. */
export async function imageMaskPairs(
  imagesDir: string,
  masksDir: string,
): Promise<{ image: string; mask: string }[]> {
  const names = (await readdir(imagesDir)).filter((name) => IMAGE_EXTENSIONS.test(name)).sort();
  const pairs = names.map((name) => ({
    image: path.join(imagesDir, name),
    mask: path.join(masksDir, `${name.replace(/\.[^.]+$/, '')}.png`),
  }));
  const missing = pairs.filter((pair) => !existsSync(pair.mask));
  if (missing.length) throw new Error(`No mask for ${missing.length} image(s), e.g. ${missing[0]!.mask}`);
  if (pairs.length === 0) throw new Error(`No images in ${imagesDir}`);
  return pairs;
}

/** Runs the production inference code on every image and scores it against its mask. */
export async function evaluateModel(
  session: FusedSession,
  folder: ModelFolder,
  options: EvaluateOptions,
): Promise<EvaluationReport> {
  const accumulator = new EvaluationAccumulator(folder.manifest.classes);
  for (const pair of await imageMaskPairs(options.imagesDir, options.masksDir)) {
    // At the standard resolution a prediction reads the pixels the upload decoded (standard-input.ts).
    const rgb =
      options.maxSide === STANDARD_SIDE
        ? await decodeStandardInput(pair.image, Number.MAX_SAFE_INTEGER)
        : await resizeToRgb(await openImage(pair.image, Number.MAX_SAFE_INTEGER), options.maxSide);
    const predicted = await segment(session, folder.manifest, rgb, { maxTilePixels: options.maxTilePixels });
    const truth = await readMask(pair.mask, folder.manifest.classes, rgb.width, rgb.height);
    accumulator.add(truth, predicted.classes);
  }
  return accumulator.report();
}
