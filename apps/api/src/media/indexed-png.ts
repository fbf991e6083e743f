import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPE_INDEXED = 3;

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(4 + typeAndData.length + 4);
  out.writeUInt32BE(data.length, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(zlib.crc32(typeAndData), 4 + typeAndData.length);
  return out;
}

/**
 * An 8-bit palette PNG of one index byte per pixel (the class map itself) with `palette` as RGB
 * triplets. This is how every prediction's mask is stored, so it is built here rather than with
 * sharp (whose palette output quantises an RGB image, far slower) or a pure-JavaScript PNG library
 * (deflate on the event loop): Node's zlib deflates the rows on the thread pool, and a palette file
 * is a third of the RGB one's size. Rows are unfiltered: flat class regions compress well without.
 * Every index must name a palette entry (the pipeline's class map holds argmax indices of the
 * manifest's classes, whose colours are the palette).
 */
export async function encodeIndexedPng(
  indices: Uint8Array,
  width: number,
  height: number,
  palette: Uint8Array,
): Promise<Buffer> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`a PNG is at least 1x1 pixels, not ${width}x${height}`);
  }
  if (indices.length !== width * height) {
    throw new Error(`${indices.length} indices do not fill ${width}x${height}`);
  }
  const entries = palette.length / 3;
  if (!Number.isInteger(entries) || entries < 1 || entries > 256) {
    throw new Error('a PNG palette holds 1 to 256 RGB colours');
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bits per index
  header.writeUInt8(COLOUR_TYPE_INDEXED, 9);
  // Compression, filter and interlace methods 0: the only ones PNG defines (no interlace).

  // Each row is preceded by its filter type byte, 0 (none); Buffer.alloc leaves those at 0.
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  // Run-length matching only: class maps are long runs, so it is both faster and smaller than level
  // 3's search (docs/benchmarks.md, bench:predict).
  const compressed = await deflate(rows, { level: 3, strategy: zlib.constants.Z_RLE });
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('PLTE', Buffer.from(palette.buffer, palette.byteOffset, palette.byteLength)),
    pngChunk('IDAT', compressed),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
