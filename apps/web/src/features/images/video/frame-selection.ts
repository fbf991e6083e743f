import {
  DEFAULT_QUALITY_THRESHOLDS,
  type ImageQuality,
  type QualityThresholds,
  type RgbaQualityPixels,
  measureRgbaQuality,
} from '@hullscope/contract';

/**
 * Which frames of a video are worth uploading (issue 24), decided on decoded pixels alone so the
 * rules can be tested without a browser: a frame is skipped when it is blurry (low variance of the
 * Laplacian of its brightness), graded poor as an uploaded photo would be (issue 46 §1), or nearly
 * the same as the last frame kept (small mean difference of two coarse brightness signatures). The
 * extraction driver feeds it one frame at a time.
 */

/** RGBA pixels, row by row: what a canvas's getImageData answers. */
export interface FramePixels {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

export interface FrameSelectionOptions {
  /**
   * Least variance of the Laplacian (brightness 0–255) a frame needs to count as sharp; 0 keeps every
   * frame. The photo rule of thumb (100) skips sharp underwater pictures of low contrast, so the
   * default sits just above what clearly out-of-focus frames give (docs/benchmarks.md, bench:sharpness).
   */
  minSharpness: number;
  /** Least mean brightness difference (0–1) from the last kept frame for a frame to count as new. */
  minDifference: number;
  /** Whether a frame the photo quality grades poor (murky, dark, washed out, blocky) is skipped. */
  skipPoorQuality: boolean;
  /** The server's thresholds (upload limits' quality_thresholds), so a frame is graded as its upload will be. */
  qualityThresholds: QualityThresholds;
}

export const DEFAULT_FRAME_SELECTION: FrameSelectionOptions = {
  minSharpness: 8,
  minDifference: 0.03,
  skipPoorQuality: true,
  qualityThresholds: DEFAULT_QUALITY_THRESHOLDS,
};

/** Columns of the coarse signature two frames are compared by: small enough to ignore noise. */
export const SIGNATURE_COLUMNS = 32;

/** The sharpness settings the upload dialog offers, from none to the photo rule of thumb. */
export const SHARPNESS_LEVELS = [
  { label: 'Off: keep blurry frames', minSharpness: 0 },
  { label: 'Low (default)', minSharpness: DEFAULT_FRAME_SELECTION.minSharpness },
  { label: 'Medium', minSharpness: 40 },
  { label: 'High', minSharpness: 100 },
] as const;

/** `quality` is null for a blurry frame: it is skipped before its quality is measured. */
export type FrameVerdict =
  | { kind: 'keep'; sharpness: number; difference: number | null; quality: ImageQuality }
  | { kind: 'blurry'; sharpness: number; quality: null }
  | { kind: 'poor'; sharpness: number; quality: ImageQuality }
  | { kind: 'duplicate'; sharpness: number; difference: number; quality: ImageQuality };

/** Brightness (Rec. 601 luma, 0–255) of every pixel. */
export function brightnessOf(frame: FramePixels): Float32Array {
  const { width, height, data } = frame;
  const luma = new Float32Array(width * height);
  for (let index = 0; index < luma.length; index += 1) {
    const offset = index * 4;
    luma[index] = 0.299 * data[offset]! + 0.587 * data[offset + 1]! + 0.114 * data[offset + 2]!;
  }
  return luma;
}

/**
 * Variance of the 4-neighbour Laplacian of the frame's brightness over its inner pixels: edges give
 * large values of both signs, so a sharp frame has a large variance and a blurred one a small one.
 */
export function laplacianVariance(frame: FramePixels): number {
  const { width, height } = frame;
  if (width < 3 || height < 3) return 0;
  const luma = brightnessOf(frame);
  let sum = 0;
  let sumOfSquares = 0;
  for (let y = 1; y < height - 1; y += 1) {
    const row = y * width;
    for (let x = 1; x < width - 1; x += 1) {
      const at = row + x;
      const value = luma[at - 1]! + luma[at + 1]! + luma[at - width]! + luma[at + width]! - 4 * luma[at]!;
      sum += value;
      sumOfSquares += value * value;
    }
  }
  const count = (width - 2) * (height - 2);
  const mean = sum / count;
  return sumOfSquares / count - mean * mean;
}

/** A coarse brightness picture of the frame: the mean of each cell of a SIGNATURE_COLUMNS-wide grid. */
export interface FrameSignature {
  columns: number;
  rows: number;
  cells: Float32Array;
}

export function signatureOf(frame: FramePixels): FrameSignature {
  const { width, height } = frame;
  const columns = Math.max(1, Math.min(SIGNATURE_COLUMNS, width));
  const rows = Math.max(1, Math.min(height, Math.round((SIGNATURE_COLUMNS * height) / Math.max(1, width))));
  const luma = brightnessOf(frame);
  const sums = new Float64Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  for (let y = 0; y < height; y += 1) {
    const cellRow = Math.min(rows - 1, Math.floor((y * rows) / height)) * columns;
    for (let x = 0; x < width; x += 1) {
      const cell = cellRow + Math.min(columns - 1, Math.floor((x * columns) / width));
      sums[cell] = sums[cell]! + luma[y * width + x]!;
      counts[cell] = counts[cell]! + 1;
    }
  }
  const cells = new Float32Array(columns * rows);
  for (let cell = 0; cell < cells.length; cell += 1) cells[cell] = sums[cell]! / Math.max(1, counts[cell]!);
  return { columns, rows, cells };
}

/** Mean absolute difference of two signatures, 0 (same) to 1 (black against white); 1 if not comparable. */
export function signatureDifference(a: FrameSignature, b: FrameSignature): number {
  if (a.columns !== b.columns || a.rows !== b.rows) return 1;
  let total = 0;
  for (let cell = 0; cell < a.cells.length; cell += 1) total += Math.abs(a.cells[cell]! - b.cells[cell]!);
  return total / a.cells.length / 255;
}

/**
 * Judges frames in playback order: blurry ones are skipped first, then (when the option is on) the
 * ones of poor photo quality, neither compared; then a frame too close to the last kept one is a
 * duplicate; every kept frame becomes the new reference. `frame` is the picture blur and repeats are
 * judged on; `readQuality` gives the pictures its photo quality is measured on (measureRgbaQuality),
 * read only for a frame that is not blurry.
 */
export function createFrameSelector(options: FrameSelectionOptions = DEFAULT_FRAME_SELECTION) {
  let lastKept: FrameSignature | null = null;
  return {
    judge(frame: FramePixels, readQuality: () => RgbaQualityPixels): FrameVerdict {
      const sharpness = laplacianVariance(frame);
      if (sharpness < options.minSharpness) return { kind: 'blurry', sharpness, quality: null };
      const quality = measureRgbaQuality(readQuality(), options.qualityThresholds);
      if (options.skipPoorQuality && quality.grade === 'poor') return { kind: 'poor', sharpness, quality };
      const signature = signatureOf(frame);
      const difference = lastKept ? signatureDifference(lastKept, signature) : null;
      if (difference !== null && difference < options.minDifference) {
        return { kind: 'duplicate', sharpness, difference, quality };
      }
      lastKept = signature;
      return { kind: 'keep', sharpness, difference, quality };
    },
  };
}
