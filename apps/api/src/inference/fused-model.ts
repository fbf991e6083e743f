import type { ModelManifest } from '@hullscope/contract';
import { classNodes } from './fused-classes.js';
import { confidenceInputs, confidenceNodes, confidenceOutput } from './fused-confidence.js';
import { logitsResizeBySizes } from './fused-logits-resize.js';
import {
  DATA_LOCATION_EXTERNAL,
  DATA_TYPE,
  GRAPH,
  MODEL,
  NODE,
  OPSET,
  TENSOR,
  VALUE_INFO,
  type WireField,
  channelConstant,
  concat,
  declaredDims,
  field,
  fieldsOf,
  intAttribute,
  intsAttribute,
  nameOf,
  node,
  stringsOf,
  valueInfo,
  varintOf,
} from './onnx-wire.js';

/**
 * The graph the pipeline runs: the model as its manifest describes it (float NCHW input normalised
 * with the manifest's mean and std, logits `[1, classes, H, W]` out) with the normalisation put in
 * front and the class choice behind (fused-classes.ts). It takes the RGB bytes as they come from
 * sharp (uint8 NHWC) and answers one class byte per pixel, plus the logits' shape so the class
 * count can be checked, and the sum of the pixels' largest class probabilities over the tile's core
 * (fused-confidence.ts).
 * In JavaScript both steps ran on one thread and the float logits (66 MB for 1920 × 1440 and 6
 * classes) crossed into the JavaScript heap; fused is about a quarter faster (docs/benchmarks.md).
 *
 * The model file is edited at the protobuf wire level (onnx-wire.ts): its graph's fields are copied
 * byte for byte except the model input and outputs, which are replaced, so anything this code does
 * not know about (metadata, functions, newer fields) is kept exactly.
 */
export const FUSED_INPUT = 'hullscope/rgb';
export const FUSED_CLASSES = 'hullscope/classes';
export const FUSED_LOGITS_SHAPE = 'hullscope/logits-shape';
const NAME_PREFIX = 'hullscope/';
/**
 * The oldest default-domain opset with the Cast, Transpose, broadcasting Mul and Add, ArgMax, the
 * reductions, Exp, Reciprocal and MatMul used here.
 */
const MIN_OPSET = 7;

/**
 * The model's own input (graph inputs that are not initializers) and its first output, by name, with
 * the class count the output declares (undefined where it is a symbol or not declared).
 */
function modelInterface(graph: WireField[]): {
  input: WireField;
  inputName: string;
  logitsName: string;
  declaredClasses: number | undefined;
} {
  const initializers = new Set(
    graph
      .filter((field) => field.number === GRAPH.initializer)
      .map((field) => nameOf(field.value!, TENSOR.name)),
  );
  const inputs = graph.filter(
    (field) => field.number === GRAPH.input && !initializers.has(nameOf(field.value!, VALUE_INFO.name)),
  );
  if (inputs.length !== 1)
    throw new Error(`the model must take exactly one input; it takes ${inputs.length}`);
  const output = graph.find((field) => field.number === GRAPH.output);
  if (!output) throw new Error('the model has no output');
  return {
    input: inputs[0]!,
    inputName: nameOf(inputs[0]!.value!, VALUE_INFO.name),
    logitsName: nameOf(output.value!, VALUE_INFO.name),
    declaredClasses: declaredClassCount(declaredDims(output.value!)),
  };
}

/** The class count of declared logits `[N, classes, H, W]`; undefined for any other rank or a symbol. */
function declaredClassCount(dims: (number | undefined)[]): number | undefined {
  return dims.length === 4 ? dims[1] : undefined;
}

/** The graph fields that hold ValueInfoProto messages, each naming a tensor. */
const VALUE_INFO_FIELDS: number[] = [GRAPH.input, GRAPH.output, GRAPH.valueInfo];

/** Refuses, with a reason, what the fused graph cannot carry over from the model file; answers its opset. */
function checkFusable(model: WireField[], graph: WireField[]): number {
  const defaultOpset = model
    .filter((candidate) => candidate.number === MODEL.opsetImport)
    .find((candidate) => ['', 'ai.onnx'].includes(nameOf(candidate.value!, OPSET.domain)));
  const opset = defaultOpset ? varintOf(defaultOpset.value!, OPSET.version) : undefined;
  if (opset === undefined || opset < MIN_OPSET) {
    throw new Error(`the model's ONNX opset is ${opset ?? 'missing'}; opset ${MIN_OPSET} or later is needed`);
  }
  const initializers = graph.filter((candidate) => candidate.number === GRAPH.initializer);
  if (
    initializers.some((tensor) => varintOf(tensor.value!, TENSOR.dataLocation) === DATA_LOCATION_EXTERNAL)
  ) {
    // The fused model is loaded from memory, where paths to external data files cannot resolve.
    throw new Error('the model keeps its weights in external data files; save it as one self-contained file');
  }
  const names = [
    ...graph
      .filter((candidate) => candidate.number === GRAPH.node)
      .flatMap((item) => [...stringsOf(item.value!, NODE.input), ...stringsOf(item.value!, NODE.output)]),
    ...initializers.map((tensor) => nameOf(tensor.value!, TENSOR.name)),
    ...graph
      .filter((candidate) => VALUE_INFO_FIELDS.includes(candidate.number))
      .map((info) => nameOf(info.value!, VALUE_INFO.name)),
  ];
  const clash = names.find((name) => name.startsWith(NAME_PREFIX));
  if (clash) {
    throw new Error(
      `the model has a tensor named "${clash}"; names starting with ${NAME_PREFIX} are reserved`,
    );
  }
  return opset;
}

export interface FuseOptions {
  /**
   * Split the logits per class where the model declares its class count (fused-classes.ts; the
   * default). Off, the class axis is reduced over, which needs no declaration to be right.
   */
  splitClasses?: boolean;
  /**
   * Upsample the logits by sizes read from their input's shape where the model does it by constant
   * whole-number scales (fused-logits-resize.ts; the default). Off, the model's own Resize is kept.
   */
  logitsBySizes?: boolean;
}

/** The fused model (see the top of this file) built from a model file's bytes and its manifest's input. */
export function fuseModel(
  modelBytes: Uint8Array,
  input: ModelManifest['input'],
  { splitClasses = true, logitsBySizes = true }: FuseOptions = {},
): Uint8Array {
  let model: WireField[];
  let graph: WireField[];
  try {
    model = fieldsOf(modelBytes);
    const graphs = model.filter((candidate) => candidate.number === MODEL.graph);
    if (graphs.length !== 1 || !graphs[0]!.value) throw new Error('no single graph');
    graph = fieldsOf(graphs[0]!.value);
  } catch {
    throw new Error('the file is not an ONNX model (no readable graph)');
  }
  const opset = checkFusable(model, graph);
  const { input: modelInput, inputName, logitsName, declaredClasses } = modelInterface(graph);

  const name = (suffix: string) => `${NAME_PREFIX}${suffix}`;
  const scale = input.std.map((std) => 1 / (255 * std));
  const offset = input.mean.map((mean, channel) => -mean / input.std[channel]!);
  const before = [
    channelConstant(name('scale'), scale),
    channelConstant(name('offset'), offset),
    node('Cast', [FUSED_INPUT], [name('rgb-float')], [intAttribute('to', DATA_TYPE.float)]),
    node('Transpose', [name('rgb-float')], [name('nchw')], [intsAttribute('perm', [0, 3, 1, 2])]),
    node('Mul', [name('nchw'), name('scale')], [name('scaled')]),
    // The last node writes the model's own input tensor, so the model's nodes read it unchanged.
    node('Add', [name('scaled'), name('offset')], [inputName]),
  ];
  const classes = classNodes(
    logitsName,
    splitClasses ? declaredClasses : undefined,
    opset,
    FUSED_CLASSES,
    NAME_PREFIX,
  );
  const after = [
    ...classes.nodes,
    node('Shape', [logitsName], [FUSED_LOGITS_SHAPE]),
    ...confidenceNodes(classes.expSum, NAME_PREFIX),
  ];

  const rewritten = logitsBySizes
    ? logitsResizeBySizes(graph, logitsName, opset, NAME_PREFIX)
    : new Map<WireField, Uint8Array[]>();

  // Nodes stay in topological order: normalisation, the model's own nodes, then classes and confidence.
  const fusedGraph = concat([
    ...before.map((added) => field(GRAPH.node, added)),
    ...graph
      .filter((kept) => kept !== modelInput && kept.number !== GRAPH.output)
      .flatMap((kept) => rewritten.get(kept) ?? [kept.encoded]),
    ...after.map((added) => field(GRAPH.node, added)),
    field(GRAPH.input, valueInfo(FUSED_INPUT, DATA_TYPE.uint8, [1, 'height', 'width', 3])),
    ...confidenceInputs().map((added) => field(GRAPH.input, added)),
    field(GRAPH.output, valueInfo(FUSED_CLASSES, DATA_TYPE.uint8, [1, 'height', 'width'])),
    field(GRAPH.output, valueInfo(FUSED_LOGITS_SHAPE, DATA_TYPE.int64, [4])),
    field(GRAPH.output, confidenceOutput()),
  ]);
  return concat(
    model.map((kept) => (kept.number === MODEL.graph ? field(MODEL.graph, fusedGraph) : kept.encoded)),
  );
}
