import protobuf from 'protobufjs/minimal.js';

/**
 * Reading and writing the few ONNX protobuf messages the pipeline edits (fused-model.ts), at the
 * wire level: fields are read as byte ranges so a message can be copied with only chosen fields
 * replaced, and new messages are written field by field.
 */

// Field numbers of onnx/onnx.proto for the messages read or written here.
export const MODEL = { graph: 7, opsetImport: 8 } as const;
export const OPSET = { domain: 1, version: 2 } as const;
export const GRAPH = { node: 1, initializer: 5, input: 11, output: 12, valueInfo: 13 } as const;
export const NODE = { input: 1, output: 2, opType: 4, attribute: 5, domain: 7 } as const;
export const ATTRIBUTE = { name: 1, i: 3, s: 4, t: 5, ints: 8, type: 20 } as const;
export const ATTRIBUTE_TYPE = { int: 2, tensor: 4, ints: 7 } as const;
export const TENSOR = { dims: 1, dataType: 2, name: 8, rawData: 9, dataLocation: 14 } as const;
export const DATA_LOCATION_EXTERNAL = 1;
export const VALUE_INFO = { name: 1, type: 2 } as const;
const TYPE = { tensorType: 1 } as const;
const TENSOR_TYPE = { elemType: 1, shape: 2 } as const;
const SHAPE = { dim: 1 } as const;
const DIMENSION = { value: 1, param: 2 } as const;
export const DATA_TYPE = { float: 1, uint8: 2, int64: 7 } as const;
const WIRE = { varint: 0, lengthDelimited: 2 } as const;

/** One field of a message: its number, its whole encoding (tag included) and, if length-delimited, its value. */
export interface WireField {
  number: number;
  encoded: Uint8Array;
  value?: Uint8Array;
}

export function fieldsOf(message: Uint8Array): WireField[] {
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

/** Every string in field `number` of an encoded message. */
export function stringsOf(message: Uint8Array, number: number): string[] {
  return fieldsOf(message)
    .filter((field) => field.number === number && field.value)
    .map((field) => Buffer.from(field.value!).toString('utf8'));
}

/** The `name` string of an encoded ValueInfoProto or TensorProto. */
export function nameOf(message: Uint8Array, nameField: number): string {
  return stringsOf(message, nameField)[0] ?? '';
}

/**
 * The varint in field `number` of an encoded message, read as an int64 (versions, enums, tensor
 * sizes), if there is one and it is a safe integer.
 */
export function varintOf(message: Uint8Array, number: number): number | undefined {
  const field = fieldsOf(message).find((candidate) => candidate.number === number && !candidate.value);
  if (!field) return undefined;
  const reader = protobuf.Reader.create(field.encoded);
  reader.uint32(); // the tag
  const value = reader.int64();
  const exact = typeof value === 'number' ? value : Number(BigInt(value.toString()));
  return Number.isSafeInteger(exact) ? exact : undefined;
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

export function intAttribute(name: string, value: number): Uint8Array {
  return encode((writer) => {
    writeString(writer, ATTRIBUTE.name, name);
    writer.uint32(tag(ATTRIBUTE.i, WIRE.varint)).int64(value);
    writer.uint32(tag(ATTRIBUTE.type, WIRE.varint)).int32(ATTRIBUTE_TYPE.int);
  });
}

export function intsAttribute(name: string, values: number[]): Uint8Array {
  return encode((writer) => {
    writeString(writer, ATTRIBUTE.name, name);
    for (const value of values) writer.uint32(tag(ATTRIBUTE.ints, WIRE.varint)).int64(value);
    writer.uint32(tag(ATTRIBUTE.type, WIRE.varint)).int32(ATTRIBUTE_TYPE.ints);
  });
}

export function node(
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

/** A Constant node holding a tensor of `dims` whose little-endian bytes are `raw`. */
function constantNode(name: string, dataType: number, dims: number[], raw: Uint8Array): Uint8Array {
  const tensor = encode((writer) => {
    for (const dim of dims) writer.uint32(tag(TENSOR.dims, WIRE.varint)).int64(dim);
    writer.uint32(tag(TENSOR.dataType, WIRE.varint)).int32(dataType);
    // raw_data is little-endian, as are the machines onnxruntime-node runs on.
    writeMessage(writer, TENSOR.rawData, raw);
  });
  const value = encode((writer) => {
    writeString(writer, ATTRIBUTE.name, 'value');
    writeMessage(writer, ATTRIBUTE.t, tensor);
    writer.uint32(tag(ATTRIBUTE.type, WIRE.varint)).int32(ATTRIBUTE_TYPE.tensor);
  });
  return node('Constant', [], [name], [value]);
}

/**
 * A Constant node holding float32 values shaped `[1, 3, 1, 1]`, one per channel, to broadcast over
 * NCHW. A node rather than an initializer: before IR version 4 every initializer also had to be
 * listed as a graph input.
 */
export function channelConstant(name: string, values: number[]): Uint8Array {
  const data = Float32Array.from(values);
  return constantNode(
    name,
    DATA_TYPE.float,
    [1, values.length, 1, 1],
    new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  );
}

/** A Constant node holding a 1-D int64 tensor (the `axes` input of the reductions in newer opsets). */
export function int64Constant(name: string, values: number[]): Uint8Array {
  const data = BigInt64Array.from(values, (value) => BigInt(value));
  return constantNode(
    name,
    DATA_TYPE.int64,
    [values.length],
    new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  );
}

/** A Constant node holding one uint8 (a scalar, which broadcasts against any shape). */
export function uint8Constant(name: string, value: number): Uint8Array {
  return constantNode(name, DATA_TYPE.uint8, [], Uint8Array.of(value));
}

/**
 * The dimensions an encoded ValueInfoProto declares for its tensor: a number where the size is
 * fixed, undefined where it is a symbol, not given or beyond a safe integer; an empty list when
 * there is no shape.
 */
export function declaredDims(valueInfoMessage: Uint8Array): (number | undefined)[] {
  const messageIn = (message: Uint8Array | undefined, number: number) =>
    message && fieldsOf(message).find((candidate) => candidate.number === number)?.value;
  const type = messageIn(valueInfoMessage, VALUE_INFO.type);
  const shape = messageIn(messageIn(type, TYPE.tensorType), TENSOR_TYPE.shape);
  if (!shape) return [];
  return fieldsOf(shape)
    .filter((candidate) => candidate.number === SHAPE.dim)
    .map((dimension) => varintOf(dimension.value!, DIMENSION.value));
}

/** A graph input or output: a tensor of `elemType` whose dimensions are numbers or named symbols. */
export function valueInfo(name: string, elemType: number, dims: (number | string)[]): Uint8Array {
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

export function field(number: number, value: Uint8Array): Uint8Array {
  return encode((writer) => writeMessage(writer, number, value));
}

export function concat(parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts);
}
