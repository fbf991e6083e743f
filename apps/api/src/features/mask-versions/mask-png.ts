import { MASK_UPLOAD_FIELD, maskVersionMessages } from '@hullscope/contract';
import { inflateSync } from 'node:zlib';
import { decode } from 'fast-png';
import { fieldErrors } from '../../http/api-error.js';
import { PNG_SIGNATURE } from '../../media/indexed-png.js';

const refuse = (message: string) => fieldErrors({ [MASK_UPLOAD_FIELD]: [message] });

/** PNG colour types by number (IHDR byte 9), as the 400 names them. */
const COLOUR_TYPES: Record<number, string> = {
  0: 'greyscale',
  2: 'an RGB image',
  3: 'a palette image',
  4: 'greyscale with alpha',
  6: 'an RGBA image',
};

/**
 * The class index of every pixel of an uploaded mask, row-major, or a 400 on the `mask` field naming
 * the problem. Only 8-bit greyscale or palette PNGs are class maps (a palette PNG's values are its
 * indexes, whatever colours the palette gives them). The size is read from the header before any
 * decoding, so a file of another size, however large it claims to be, is never inflated.
 * fast-png decodes it: a palette image comes back as its indexes, which sharp would turn into colours.
 */
export function readMaskPng(file: Buffer, width: number, height: number, classCount: number): Uint8Array {
  if (
    file.length < 33 ||
    !file.subarray(0, 8).equals(PNG_SIGNATURE) ||
    file.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    throw refuse(maskVersionMessages.notPng);
  }
  const fileWidth = file.readUInt32BE(16);
  const fileHeight = file.readUInt32BE(20);
  if (fileWidth !== width || fileHeight !== height) {
    throw refuse(maskVersionMessages.wrongSize(fileWidth, fileHeight, width, height));
  }
  const bitDepth = file[24]!;
  const colourType = file[25]!;
  if ((colourType !== 0 && colourType !== 3) || bitDepth !== 8) {
    const kind = COLOUR_TYPES[colourType] ?? `colour type ${colourType}`;
    throw refuse(maskVersionMessages.notIndexed(bitDepth === 8 ? kind : `${kind} of ${bitDepth} bits`));
  }
  if (file[28] !== 0) throw refuse('The mask is an interlaced PNG; save it without interlacing.');
  const critical = boundedCriticalChunks(file, height * (width + 1));
  let indexes: Uint8Array;
  try {
    const decoded = decode(critical);
    indexes = decoded.data instanceof Uint8Array ? decoded.data : Uint8Array.from(decoded.data);
  } catch {
    throw refuse(maskVersionMessages.notPng);
  }
  if (indexes.length !== width * height) throw refuse(maskVersionMessages.notPng);
  for (let pixel = 0; pixel < indexes.length; pixel += 1) {
    if (indexes[pixel]! >= classCount)
      throw refuse(maskVersionMessages.notAClass(indexes[pixel]!, classCount - 1));
  }
  return indexes;
}

/** The chunks a class map needs; every other (ancillary) chunk is dropped before decoding. */
const KEPT_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);

/**
 * The PNG with only the chunks a class map needs, once its image data is known to inflate to no more
 * than `rawBytes` (a row's filter byte and its pixels, per row). A decoder inflates without a bound,
 * so a few megabytes of deflated zeros would otherwise become gigabytes in memory.
 */
function boundedCriticalChunks(file: Buffer, rawBytes: number): Buffer {
  const kept: Buffer[] = [file.subarray(0, 8)];
  const imageData: Buffer[] = [];
  let offset = 8;
  while (offset + 12 <= file.length) {
    const length = file.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > file.length) throw refuse(maskVersionMessages.notPng);
    const type = file.toString('latin1', offset + 4, offset + 8);
    if (KEPT_CHUNKS.has(type)) kept.push(file.subarray(offset, end));
    if (type === 'IDAT') imageData.push(file.subarray(offset + 8, offset + 8 + length));
    offset = end;
    if (type === 'IEND') break;
  }
  try {
    inflateSync(Buffer.concat(imageData), { maxOutputLength: rawBytes });
  } catch {
    throw refuse(maskVersionMessages.notPng);
  }
  return Buffer.concat(kept);
}

/** The class indexes of a mask the server wrote itself (a prediction's PRED.png or a saved version). */
export function readStoredMask(file: Buffer): Uint8Array {
  const decoded = decode(file);
  return decoded.data instanceof Uint8Array ? decoded.data : Uint8Array.from(decoded.data);
}
