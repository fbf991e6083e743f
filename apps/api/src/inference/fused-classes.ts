import { DATA_TYPE, int64Constant, intAttribute, intsAttribute, node, uint8Constant } from './onnx-wire.js';

/** The nodes after the logits, and the name of the tensor they leave for the confidence branch. */
export interface ClassNodes {
  nodes: Uint8Array[];
  /** `[1, H, W]`: Σ exp(logit − largest logit) over the classes of each pixel. */
  expSum: string;
}

/** The opsets from which an op takes what used to be an attribute as an input (or needs a new one). */
const FROM_OPSET = { equalOnFloats: 11, squeezeAxesAsInput: 13, splitNeedsCount: 18 } as const;
const AXES_AS_INPUT_FROM = { ReduceSum: 13, ReduceMax: 18 } as const;
/** Class bytes are uint8: more classes than that go through ArgMax (and wrap, as there). */
const MAX_SPLIT_CLASSES = 256;

/**
 * The fused graph's step from the logits `[1, classes, H, W]` to a class byte per pixel (the first
 * class with the largest logit, as ArgMax answers) and each pixel's Σ exp(logit − largest logit)
 * `[1, H, W]`, the denominator of its largest class probability (fused-confidence.ts).
 *
 * Where the model file declares its class count, the logits are split into one map per class and
 * worked with elementwise ops: onnxruntime's ArgMax and reductions over the class axis of NCHW read
 * across the maps and cost several times as much (docs/benchmarks.md, bench:predict). The class is
 * then found by comparing each map with the largest logit, from the last class to the first, so the
 * first class equal to it wins a tie. Otherwise, or before opset 11 (where Equal takes no floats),
 * ArgMax and the reductions are used.
 */
export function classNodes(
  logitsName: string,
  declaredClasses: number | undefined,
  opset: number,
  classesName: string,
  prefix: string,
): ClassNodes {
  const split =
    declaredClasses !== undefined &&
    declaredClasses >= 2 &&
    declaredClasses <= MAX_SPLIT_CLASSES &&
    opset >= FROM_OPSET.equalOnFloats;
  return split
    ? perClassNodes(logitsName, declaredClasses, opset, classesName, prefix)
    : reductionNodes(logitsName, opset, classesName, prefix);
}

/** Drops the class axis (1) of `[1, 1, H, W]`, in the form the model's opset defines. */
function squeezeClassAxis(input: string, output: string, opset: number, axesName: string): Uint8Array[] {
  if (opset >= FROM_OPSET.squeezeAxesAsInput) {
    return [int64Constant(axesName, [1]), node('Squeeze', [input, axesName], [output])];
  }
  return [node('Squeeze', [input], [output], [intsAttribute('axes', [1])])];
}

function perClassNodes(
  logitsName: string,
  classCount: number,
  opset: number,
  classesName: string,
  prefix: string,
): ClassNodes {
  const name = (suffix: string) => `${prefix}${suffix}`;
  const classes = Array.from({ length: classCount }, (_, index) => index);
  const logits = classes.map((index) => name(`class-${index}-logits`));
  const largest = name('logits-max');
  const splitAttributes = [intAttribute('axis', 1)];
  if (opset >= FROM_OPSET.splitNeedsCount) splitAttributes.push(intAttribute('num_outputs', classCount));
  const nodes = [
    node('Split', [logitsName], logits, splitAttributes),
    node('Max', logits, [largest]),
    ...classes.flatMap((index) => [
      node('Sub', [logits[index]!, largest], [name(`class-${index}-shifted`)]),
      node('Exp', [name(`class-${index}-shifted`)], [name(`class-${index}-exp`)]),
    ]),
    node(
      'Sum',
      classes.map((index) => name(`class-${index}-exp`)),
      [name('exp-sum-nchw')],
    ),
    ...squeezeClassAxis(name('exp-sum-nchw'), name('exp-sum'), opset, name('exp-sum-axis')),
  ];
  // From the last class to the first: a pixel keeps the lowest class whose logit is the largest.
  let chosen = name(`class-index-${classCount - 1}`);
  nodes.push(uint8Constant(chosen, classCount - 1));
  for (const index of classes.slice(0, -1).reverse()) {
    const isLargest = name(`class-${index}-is-largest`);
    const classIndex = name(`class-index-${index}`);
    const chosenFrom = name(`class-from-${index}`);
    nodes.push(
      node('Equal', [logits[index]!, largest], [isLargest]),
      uint8Constant(classIndex, index),
      node('Where', [isLargest, classIndex, chosen], [chosenFrom]),
    );
    chosen = chosenFrom;
  }
  nodes.push(...squeezeClassAxis(chosen, classesName, opset, name('classes-axis')));
  return { nodes, expSum: name('exp-sum') };
}

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

function reductionNodes(logitsName: string, opset: number, classesName: string, prefix: string): ClassNodes {
  const name = (suffix: string) => `${prefix}${suffix}`;
  const nodes = [
    node('ArgMax', [logitsName], [name('argmax')], [intAttribute('axis', 1), intAttribute('keepdims', 0)]),
    node('Cast', [name('argmax')], [classesName], [intAttribute('to', DATA_TYPE.uint8)]),
    ...reduceClasses('ReduceMax', logitsName, name('logits-max'), 1, opset, name('class-axis-max')),
    node('Sub', [logitsName, name('logits-max')], [name('logits-shifted')]),
    node('Exp', [name('logits-shifted')], [name('logits-exp')]),
    ...reduceClasses('ReduceSum', name('logits-exp'), name('exp-sum'), 0, opset, name('class-axis-sum')),
  ];
  return { nodes, expSum: name('exp-sum') };
}
