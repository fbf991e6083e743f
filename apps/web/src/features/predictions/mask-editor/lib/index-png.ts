import { decode, encode } from 'fast-png';
import type { IndexMask } from './mask-edit';

/**
 * The mask as the API takes it: an 8-bit greyscale PNG whose grey values are the class indexes.
 * A canvas cannot write exact grey values (colour management, premultiplied alpha), fast-png can.
 */
export function encodeIndexPng(mask: IndexMask): Uint8Array {
  return encode({ width: mask.width, height: mask.height, data: mask.data, depth: 8, channels: 1 });
}

/** An index PNG (greyscale or palette, 8 bit) back to class indexes. */
export function decodeIndexPng(bytes: Uint8Array): IndexMask {
  const png = decode(bytes);
  if (png.depth !== 8 || png.channels !== 1) {
    throw new Error(`an index mask is 8-bit with one channel, not ${png.depth}-bit with ${png.channels}`);
  }
  return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
}

const rgbKey = (r: number, g: number, b: number) => (r << 16) | (g << 8) | b;

/** '#rrggbb' → 0xrrggbb. */
export const hexToRgbKey = (hex: string) => Number.parseInt(hex.replace('#', ''), 16);

/**
 * The viewer's colour mask (palette or RGB PNG with exactly the classes' colours) as class indexes,
 * by each class's colour. A colour that is no class's (none should occur) counts as class 0.
 */
export function decodeColourMask(bytes: Uint8Array, classColours: readonly string[]): IndexMask {
  const png = decode(bytes);
  const byColour = new Map(classColours.map((hex, index) => [hexToRgbKey(hex), index]));
  const out = new Uint8Array(png.width * png.height);
  if (png.palette) {
    const paletteClass = png.palette.map(([r = 0, g = 0, b = 0]) => byColour.get(rgbKey(r, g, b)) ?? 0);
    for (let i = 0; i < out.length; i += 1) out[i] = paletteClass[png.data[i]!] ?? 0;
  } else {
    const channels = png.channels;
    for (let i = 0, p = 0; i < out.length; i += 1, p += channels) {
      out[i] = byColour.get(rgbKey(png.data[p]!, png.data[p + 1]!, png.data[p + 2]!)) ?? 0;
    }
  }
  return { width: png.width, height: png.height, data: out };
}
