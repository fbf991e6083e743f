import { DATA_TYPE, node, valueInfo } from './onnx-wire.js';

/**
 * The fused graph's confidence branch (issue 19): how sure the model is of a tile, as the sum of
 * each pixel's largest class probability (the softmax of its logits) over the tile's core, the
 * pixels the pipeline keeps. Padding to the stride and the margins a neighbouring tile owns are
 * left out by two 0/1 masks fed with the tile, one per row and one per column, so the sum is
 * `rows · maxProbability · columns`: two MatMuls, and only one float leaves onnxruntime. The
 * pipeline adds the tiles' sums and divides by the image's pixels (segment.ts).
 *
 * The largest probability is 1 / Σ exp(logit − largest logit), so no softmax map is made.
 */
export const FUSED_CORE_ROWS = 'hullscope/core-rows';
export const FUSED_CORE_COLUMNS = 'hullscope/core-columns';
export const FUSED_CONFIDENCE_SUM = 'hullscope/confidence-sum';

/**
 * The nodes from each pixel's Σ exp(logit − largest logit) `[1, H, W]` (fused-classes.ts) to
 * FUSED_CONFIDENCE_SUM `[1, 1, 1]`.
 */
export function confidenceNodes(expSumName: string, prefix: string): Uint8Array[] {
  const name = (suffix: string) => `${prefix}${suffix}`;
  return [
    // [1, H, W]: the largest class probability of each pixel.
    node('Reciprocal', [expSumName], [name('max-probability')]),
    // [1, H, W] · [W, 1] → [1, H, 1], then [1, 1, H] · [1, H, 1] → [1, 1, 1].
    node('MatMul', [name('max-probability'), FUSED_CORE_COLUMNS], [name('row-sums')]),
    node('MatMul', [FUSED_CORE_ROWS, name('row-sums')], [FUSED_CONFIDENCE_SUM]),
  ];
}

/** The graph inputs (the two masks) and output (the sum) the confidence branch adds. */
export const confidenceInputs = (): Uint8Array[] => [
  valueInfo(FUSED_CORE_ROWS, DATA_TYPE.float, [1, 1, 'height']),
  valueInfo(FUSED_CORE_COLUMNS, DATA_TYPE.float, ['width', 1]),
];
export const confidenceOutput = (): Uint8Array => valueInfo(FUSED_CONFIDENCE_SUM, DATA_TYPE.float, [1, 1, 1]);
