import { DATA_TYPE, int64Constant, intAttribute, intsAttribute, node, valueInfo } from './onnx-wire.js';

/**
 * The fused graph's confidence branch (issue 19): how sure the model is of a tile, as the sum of
 * each pixel's largest class probability (the softmax of its logits) over the tile's core, the
 * pixels the pipeline keeps. Padding to the stride and the margins a neighbouring tile owns are
 * left out by two 0/1 masks fed with the tile, one per row and one per column, so the sum is
 * `rows · maxProbability · columns`: two MatMuls, and only one float leaves onnxruntime. The
 * pipeline adds the tiles' sums and divides by the image's pixels (segment.ts).
 *
 * The largest probability is 1 / Σ exp(logit − largest logit), so no softmax map is made. The
 * reductions take their axes as an attribute up to an opset and as an input from it on (ReduceSum
 * from 13, ReduceMax from 18); both forms are written, by the model's opset.
 */
export const FUSED_CORE_ROWS = 'hullscope/core-rows';
export const FUSED_CORE_COLUMNS = 'hullscope/core-columns';
export const FUSED_CONFIDENCE_SUM = 'hullscope/confidence-sum';

/** The opsets from which a reduction takes its axes as an input instead of an attribute. */
const AXES_AS_INPUT_FROM = { ReduceSum: 13, ReduceMax: 18 } as const;

/** A reduction over the class axis (1) of NCHW, in the form the model's opset defines. */
function reduceClasses(
  op: keyof typeof AXES_AS_INPUT_FROM,
  input: string,
  output: string,
  keepdims: 0 | 1,
  opset: number,
  axesName: string,
): Uint8Array[] {
  const keep = intAttribute('keepdims', keepdims);
  if (opset >= AXES_AS_INPUT_FROM[op]) {
    return [int64Constant(axesName, [1]), node(op, [input, axesName], [output], [keep])];
  }
  return [node(op, [input], [output], [intsAttribute('axes', [1]), keep])];
}

/** The nodes after the model's logits `[1, classes, H, W]`, ending in FUSED_CONFIDENCE_SUM `[1, 1, 1]`. */
export function confidenceNodes(logitsName: string, opset: number, prefix: string): Uint8Array[] {
  const name = (suffix: string) => `${prefix}${suffix}`;
  return [
    ...reduceClasses('ReduceMax', logitsName, name('logits-max'), 1, opset, name('class-axis-max')),
    node('Sub', [logitsName, name('logits-max')], [name('logits-shifted')]),
    node('Exp', [name('logits-shifted')], [name('logits-exp')]),
    ...reduceClasses('ReduceSum', name('logits-exp'), name('exp-sum'), 0, opset, name('class-axis-sum')),
    // [1, H, W]: the largest class probability of each pixel.
    node('Reciprocal', [name('exp-sum')], [name('max-probability')]),
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
