import type { LabelPercentage, ModelManifest } from '@hullscope/contract';
import { encodeIndexedPng } from '../media/indexed-png.js';
import {
  type RgbImage,
  blendThumbnail,
  encodeJpeg,
  thumbnailPhoto,
  thumbnailSize,
} from '../media/renditions.js';
import { classPalette, classPercentages, smallColourMask, surfacePixels } from './postprocess.js';
import { segment } from './segment.js';
import type { FusedSession } from './session-cache.js';

export interface ImagePrediction {
  /** The original resized to the resolution (JPEG). */
  org: Buffer;
  /** The class map as a palette PNG in the class colours, the size of ORG. */
  pred: Buffer;
  thumbnail: Buffer;
  percentages: LabelPercentage[];
  /** Pixels of the classes counted in the percentages (the hull surface, Background excluded). */
  surfacePixels: number;
  /** How sure the model was: the mean of the pixels' largest class probability, 0 to 1 (segment.ts). */
  confidence: number;
  width: number;
  height: number;
  timings: PredictionTimings;
}

/** Where one image's time went, in milliseconds (for the logs and `npm run bench:predict`). */
export interface PredictionTimings {
  /**
   * Reading the pixels at the resolution: the upload's kept input, or the original decoded and
   * resized (HEVC HEIC is decoded before, on opening). See prediction-pixels.ts.
   */
  decodeResizeMs: number;
  /** Inside onnxruntime: the fused model (normalisation, the model itself, argmax; see fused-model.ts). */
  modelMs: number;
  /** The whole segmentation: tiling, normalisation, model, argmax and class counts. */
  segmentMs: number;
  /**
   * Percentages and the thumbnail's small mask, then PRED and the thumbnail encoded
   * concurrently, and what is left of ORG's encoding and the thumbnail's photo, begun before the model.
   */
  renderMs: number;
}

export interface PredictImageOptions {
  session: FusedSession;
  manifest: ModelManifest;
  maxTilePixels: number;
}

/**
 * `work`, awaited later: a failure before then (the model failing first) is not an unhandled
 * rejection, and still rejects where it is awaited.
 */
function settledLater<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

/**
 * One image through the pipeline: its pixels at the resolution (`readPixels`, timed here) → segment →
 * PRED, ORG, percentages, thumbnail. The STAT chart is drawn from the stored percentages when first
 * asked for (stat-chart-file.ts).
 */
export async function predictImage(
  readPixels: () => Promise<RgbImage>,
  options: PredictImageOptions,
): Promise<ImagePrediction> {
  const started = performance.now();
  const rgb = await readPixels();
  const decoded = performance.now();
  // ORG and the thumbnail's photo layer need only the resized pixels: started now, libvips works
  // them on libuv's threads while the model runs in the inference thread, instead of after it.
  const org = settledLater(encodeJpeg(rgb));
  const smallPhoto = settledLater(thumbnailPhoto(rgb));
  const segmentation = await segment(options.session, options.manifest, rgb, {
    maxTilePixels: options.maxTilePixels,
  });
  const segmented = performance.now();
  const palette = classPalette(options.manifest.classes);
  const { width, height } = segmentation;
  const thumbnailMask = smallColourMask(segmentation, palette, thumbnailSize(width, height));
  const percentages = classPercentages(segmentation, options.manifest.classes);
  const [orgBytes, pred, thumbnail] = await Promise.all([
    org,
    encodeIndexedPng(segmentation.classes, width, height, palette),
    smallPhoto.then((photo) => blendThumbnail(photo, thumbnailMask)),
  ]);
  const timings: PredictionTimings = {
    decodeResizeMs: decoded - started,
    modelMs: segmentation.modelMs,
    segmentMs: segmented - decoded,
    renderMs: performance.now() - segmented,
  };
  return {
    org: orgBytes,
    pred,
    thumbnail,
    percentages,
    surfacePixels: surfacePixels(segmentation, options.manifest.classes),
    confidence: segmentation.confidence,
    width: rgb.width,
    height: rgb.height,
    timings,
  };
}
