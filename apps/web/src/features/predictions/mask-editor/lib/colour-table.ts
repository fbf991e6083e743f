import type { DirtyRect, IndexMask } from './mask-edit';

/**
 * One RGBA word per class index (little-endian, as ImageData's bytes read through a Uint32Array on
 * every platform browsers run on); hidden classes are transparent.
 */
export function colourTable(classColours: readonly string[], hidden: ReadonlySet<number>): Uint32Array {
  const table = new Uint32Array(256);
  classColours.forEach((hex, index) => {
    if (hidden.has(index)) return;
    const rgb = Number.parseInt(hex.replace('#', ''), 16);
    const r = (rgb >> 16) & 0xff;
    const g = (rgb >> 8) & 0xff;
    const b = rgb & 0xff;
    table[index] = ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0;
  });
  return table;
}

/** Writes the rectangle's colours into the RGBA pixels (as words) of an image the mask's size. */
export function colourRect(mask: IndexMask, table: Uint32Array, pixels: Uint32Array, rect: DirtyRect): void {
  const { width, data } = mask;
  for (let y = rect.top; y < rect.bottom; y += 1) {
    const row = y * width;
    for (let x = rect.left; x < rect.right; x += 1) pixels[row + x] = table[data[row + x]!]!;
  }
}
