import type { ModelManifest } from '@hullscope/contract';
import protobuf from 'protobufjs/minimal.js';

/**
 * The graph the pipeline runs: the model as its manifest describes it (float NCHW input normalised
 * with the manifest's mean and std, logits `[1, classes, H, W]` out) with the normalisation put in
 * front and the argmax behind. It takes the RGB bytes as they come from sharp (uint8 NHWC) and
 * answers one class byte per pixel, plus the logits' shape so the class count can be checked.
 * Normalising and taking the argmax in JavaScript cost about 90 ms per Full HD image on one thread;
 * inside onnxruntime, on its threads, they cost a few milliseconds, and the float logits never
 * leave it.
 *
 * The model file is edited at the protobuf wire level: its graph's fields are copied byte for byte
 * except the model input and outputs, which are replaced, so anything this code does not know about
 * (metadata, functions, newer fields) is kept exactly.
 */
export const FUSED_INPUT = 'hullscope/rgb';
export const FUSED_CLASSES = 'hullscope/classes';
export const FUSED_LOGITS_SHAPE = 'hullscope/logits-shape';
const NAME_PREFIX = 'hullscope/';

// Field numbers of onnx/onnx.proto for the messages read or written here.
const MODEL = { graph: 7 } as const;
const GRAPH = { node: 1, initializer: 5, input: 11, output: 12 } as const;
const NODE = { input: 1, output: 2, opType: 4, attribute: 5 } as const;
const ATTRIBUTE = { name: 1, i: 3, ints: 8, type: 20 } as const;
const ATTRIBUTE_TYPE = { int: 2, ints: 7 } as const;
const TENSOR = { dims: 1, dataType: 2, name: 8, rawData: 9 } as const;
const VALUE_INFO = { name: 1, type: 2 } as const;
const TYPE = { tensorType: 1 } as const;
const TENSOR_TYPE = { elemType: 1, shape: 2 } as const;
const SHAPE = { dim: 1 } as const;
const DIMENSION = { value: 1, param: 2 } as const;
const DATA_TYPE = { float: 1, uint8: 2, int64: 7 } as const;
const WIRE = { varint: 0, lengthDelimited: 2 } as const;

/** One field of a message: its number, its whole encoding (tag included) and, if length-delimited, its value. */
interface WireField {
  number: number;
  encoded: Uint8Array;
  value?: Uint8Array;
}

function fieldsOf(message: Uint8Array): WireField[] {
  const reader = protobuf.Reader.create(message);
  const fields: WireField[] = [];
  while (reader.pos < reader.len) {
    const start = reader.pos;
    const tag = reader.uint32();
    const wireType = tag & 7;
    let value: Uint8Array | undefined;
    if (wireType === WIRE.lengthDelimited) value = reader.bytes();
    else reader.skipType(wireType);
    fields.push({ number: tag >>> 3, encoded: message.subarray(start, reader.pos), value });
  }
  return fields;
}

/** The `name` string of an encoded ValueInfoProto or TensorProto. */
function nameOf(message: Uint8Array, nameField: number): string {
  const field = fieldsOf(message).find((candidate) => candidate.number === nameField);
  return field?.value ? Buffer.from(field.value).toString('utf8') : '';
}

type Write = (writer: protobuf.Writer) => void;

function encode(write: Write): Uint8Array {
  const writer = protobuf.Writer.create();
  write(writer);
  return writer.finish();
}

function tag(field: number, wireType: number): number {
  return (field << 3) | wireType;
}

function writeMessage(writer: protobuf.Writer, field: number, message: Uint8Array): void {
  writer.uint32(tag(field, WIRE.lengthDelimited)).bytes(message);
}

function writeString(writer: protobuf.Writer, field: number, value: string): void {
  writer.uint32(tag(field, WIRE.lengthDelimited)).string(value);
}

function intAttribute(name: string, value: number): Uint8Array {
  return encode((writer) => {
    writeString(writer, ATTRIBUTE.name, name);
    writer.uint32(tag(ATTRIBUTE.i, WIRE.varint)).int64(value);
    writer.uint32(tag(ATTRIBUTE.type, WIRE.varint)).int32(ATTRIBUTE_TYPE.int);
  });
}

function intsAttribute(name: string, values: number[]): Uint8Array {
  return encode((writer) => {
    writeString(writer, ATTRIBUTE.name, name);
    for (const value of values) writer.uint32(tag(ATTRIBUTE.ints, WIRE.varint)).int64(value);
    writer.uint32(tag(ATTRIBUTE.type, WIRE.varint)).int32(ATTRIBUTE_TYPE.ints);
  });
}

function node(
  opType: string,
  inputs: string[],
  outputs: string[],
  attributes: Uint8Array[] = [],
): Uint8Array {
  return encode((writer) => {
    for (const input of inputs) writeString(writer, NODE.input, input);
    for (const output of outputs) writeString(writer, NODE.output, output);
    writeString(writer, NODE.opType, opType);
    for (const attribute of attributes) writeMessage(writer, NODE.attribute, attribute);
  });
}

/** A float32 constant shaped `[1, 3, 1, 1]`, one value per channel, to broadcast over NCHW. */
function channelConstant(name: string, values: number[]): Uint8Array {
  return encode((writer) => {
    for (const dim of [1, values.length, 1, 1]) writer.uint32(tag(TENSOR.dims, WIRE.varint)).int64(dim);
    writer.uint32(tag(TENSOR.dataType, WIRE.varint)).int32(DATA_TYPE.float);
    writeString(writer, TENSOR.name, name);
    const data = Float32Array.from(values);
    // raw_data is little-endian, as are the machines onnxruntime-node runs on.
    writeMessage(writer, TENSOR.rawData, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  });
}

/** A graph input or output: a tensor of `elemType` whose dimensions are numbers or named symbols. */
function valueInfo(name: string, elemType: number, dims: (number | string)[]): Uint8Array {
  const shape = encode((writer) => {
    for (const dim of dims) {
      const dimension = encode((dimWriter) => {
        if (typeof dim === 'number') dimWriter.uint32(tag(DIMENSION.value, WIRE.varint)).int64(dim);
        else writeString(dimWriter, DIMENSION.param, dim);
      });
      writeMessage(writer, SHAPE.dim, dimension);
    }
  });
  const tensorType = encode((writer) => {
    writer.uint32(tag(TENSOR_TYPE.elemType, WIRE.varint)).int32(elemType);
    writeMessage(writer, TENSOR_TYPE.shape, shape);
  });
  const type = encode((writer) => writeMessage(writer, TYPE.tensorType, tensorType));
  return encode((writer) => {
    writeString(writer, VALUE_INFO.name, name);
    writeMessage(writer, VALUE_INFO.type, type);
  });
}

/** The model's own input (graph inputs that are not initializers) and its first output, by name. */
function modelInterface(graph: WireField[]): { input: WireField; inputName: string; logitsName: string } {
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
  };
}

/** The fused model (see the top of this file) built from a model file's bytes and its manifest's input. */
export function fuseModel(modelBytes: Uint8Array, input: ModelManifest['input']): Uint8Array {
  let model: WireField[];
  let graph: WireField[];
  let graphBytes: Uint8Array;
  try {
    model = fieldsOf(modelBytes);
    const graphs = model.filter((field) => field.number === MODEL.graph);
    if (graphs.length !== 1 || !graphs[0]!.value) throw new Error('no single graph');
    graph = fieldsOf(graphs[0]!.value);
    graphBytes = graphs[0]!.value;
  } catch {
    throw new Error('the file is not an ONNX model (no readable graph)');
  }
  const { input: modelInput, inputName, logitsName } = modelInterface(graph);
  if (Buffer.from(graphBytes).includes(NAME_PREFIX)) {
    throw new Error(
      `the model uses the name prefix ${NAME_PREFIX}, which the pipeline reserves for its own tensors`,
    );
  }

  const name = (suffix: string) => `${NAME_PREFIX}${suffix}`;
  const scale = input.std.map((std) => 1 / (255 * std));
  const offset = input.mean.map((mean, channel) => -mean / input.std[channel]!);
  const before = [
    node('Cast', [FUSED_INPUT], [name('rgb-float')], [intAttribute('to', DATA_TYPE.float)]),
    node('Transpose', [name('rgb-float')], [name('nchw')], [intsAttribute('perm', [0, 3, 1, 2])]),
    node('Mul', [name('nchw'), name('scale')], [name('scaled')]),
    // The last node writes the model's own input tensor, so the model's nodes read it unchanged.
    node('Add', [name('scaled'), name('offset')], [inputName]),
  ];
  const after = [
    node('ArgMax', [logitsName], [name('argmax')], [intAttribute('axis', 1), intAttribute('keepdims', 0)]),
    node('Cast', [name('argmax')], [FUSED_CLASSES], [intAttribute('to', DATA_TYPE.uint8)]),
    node('Shape', [logitsName], [FUSED_LOGITS_SHAPE]),
  ];

  // Nodes stay in topological order: normalisation, the model's own nodes, then the argmax.
  const fusedGraph = concat([
    ...before.map((added) => field(GRAPH.node, added)),
    ...graph
      .filter((kept) => kept !== modelInput && kept.number !== GRAPH.output)
      .map((kept) => kept.encoded),
    ...after.map((added) => field(GRAPH.node, added)),
    field(GRAPH.initializer, channelConstant(name('scale'), scale)),
    field(GRAPH.initializer, channelConstant(name('offset'), offset)),
    field(GRAPH.input, valueInfo(FUSED_INPUT, DATA_TYPE.uint8, [1, 'height', 'width', 3])),
    field(GRAPH.output, valueInfo(FUSED_CLASSES, DATA_TYPE.uint8, [1, 'height', 'width'])),
    field(GRAPH.output, valueInfo(FUSED_LOGITS_SHAPE, DATA_TYPE.int64, [4])),
  ]);
  return concat(
    model.map((kept) => (kept.number === MODEL.graph ? field(MODEL.graph, fusedGraph) : kept.encoded)),
  );
}

function field(number: number, value: Uint8Array): Uint8Array {
  return encode((writer) => writeMessage(writer, number, value));
}

function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
