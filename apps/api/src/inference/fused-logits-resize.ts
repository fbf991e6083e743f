import {
  ATTRIBUTE,
  DATA_TYPE,
  GRAPH,
  NODE,
  TENSOR,
  type WireField,
  field,
  fieldsOf,
  intAttribute,
  nameOf,
  node,
  stringsOf,
  varintOf,
} from './onnx-wire.js';

/** Resize takes target sizes as an input from this opset on. */
const SIZES_FROM_OPSET = 11;
const RESIZE_INPUTS = { x: 0, roi: 1, scales: 2, sizes: 3 } as const;

/**
 * The graph's node fields, with the Resize that writes the logits made to resize to sizes read from
 * its input's shape instead of by its constant whole-number scales. onnxruntime runs a Resize by
 * constant whole-number scales in its blocked channel layout, where the few class channels are padded
 * to a full block and the full-size logits are then reordered back; by sizes it resizes the plain
 * maps. The interpolation is the same, since the scale it derives from the sizes is the same whole
 * number (figures: docs/benchmarks.md, bench:model). Any other node writing the logits is left as
 * it is.
 */
export function logitsResizeBySizes(
  graph: WireField[],
  logitsName: string,
  opset: number,
  prefix: string,
): Map<WireField, Uint8Array[]> {
  const rewritten = new Map<WireField, Uint8Array[]>();
  if (opset < SIZES_FROM_OPSET) return rewritten;
  const resize = graph.find(
    (candidate) =>
      candidate.number === GRAPH.node && stringsOf(candidate.value!, NODE.output).includes(logitsName),
  );
  if (!resize || !isPlainResize(resize.value!)) return rewritten;
  const inputs = stringsOf(resize.value!, NODE.input);
  const scalesName = inputs[RESIZE_INPUTS.scales];
  if (!scalesName || inputs[RESIZE_INPUTS.sizes] || !wholeSpatialScales(graph, scalesName)) return rewritten;

  const name = (suffix: string) => `${prefix}logits-resize-${suffix}`;
  const x = inputs[RESIZE_INPUTS.x]!;
  const bySizes = [
    node('Shape', [x], [name('shape')]),
    node('Cast', [name('shape')], [name('shape-float')], [intAttribute('to', DATA_TYPE.float)]),
    // The scales stay in use, so no initializer is left unused; whole numbers multiply exactly in float.
    node('Mul', [name('shape-float'), scalesName], [name('sizes-float')]),
    node('Cast', [name('sizes-float')], [name('sizes')], [intAttribute('to', DATA_TYPE.int64)]),
  ];
  const resizeInputs = [x, inputs[RESIZE_INPUTS.roi] ?? '', '', name('sizes')];
  const keptFields = fieldsOf(resize.value!).filter((kept) => kept.number !== NODE.input);
  const resizeBySizes = Buffer.concat([
    ...resizeInputs.map((input) => field(NODE.input, Buffer.from(input, 'utf8'))),
    ...keptFields.map((kept) => kept.encoded),
  ]);
  rewritten.set(
    resize,
    [...bySizes, resizeBySizes].map((added) => field(GRAPH.node, added)),
  );
  return rewritten;
}

/** A default-domain Resize whose coordinates do not depend on a region of interest. */
function isPlainResize(nodeMessage: Uint8Array): boolean {
  const opType = stringsOf(nodeMessage, NODE.opType)[0];
  const domain = stringsOf(nodeMessage, NODE.domain)[0] ?? '';
  if (opType !== 'Resize' || !['', 'ai.onnx'].includes(domain)) return false;
  const mode = fieldsOf(nodeMessage)
    .filter((candidate) => candidate.number === NODE.attribute)
    .find((attribute) => nameOf(attribute.value!, ATTRIBUTE.name) === 'coordinate_transformation_mode');
  return !mode || stringsOf(mode.value!, ATTRIBUTE.s)[0] !== 'tf_crop_and_resize';
}

/** Whether initializer `name` holds float scales [1, 1, h, w] with h and w whole numbers. */
function wholeSpatialScales(graph: WireField[], name: string): boolean {
  const tensor = graph.find(
    (candidate) => candidate.number === GRAPH.initializer && nameOf(candidate.value!, TENSOR.name) === name,
  );
  if (!tensor || varintOf(tensor.value!, TENSOR.dataType) !== DATA_TYPE.float) return false;
  const raw = fieldsOf(tensor.value!).find((candidate) => candidate.number === TENSOR.rawData)?.value;
  if (!raw || raw.length !== 4 * Float32Array.BYTES_PER_ELEMENT) return false;
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const scales = [0, 1, 2, 3].map((index) => view.getFloat32(index * 4, true));
  return (
    scales[0] === 1 &&
    scales[1] === 1 &&
    scales.slice(2).every((scale) => Number.isInteger(scale) && scale >= 1)
  );
}
