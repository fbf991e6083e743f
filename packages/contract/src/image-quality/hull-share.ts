import type { RgbPixels } from './rgb-pixels.js';

/** The side of the square tiles the frame is judged in, in pixels of the analysed picture. */
const TILE = 16;
/** A tile whose luminance varies less than this (standard deviation, 0 to 1) shows no structure. */
const FEATURELESS_BELOW = 0.012;
/** A tile darker than this shows nothing that can be told apart from deep or unlit water. */
const UNLIT_BELOW = 0.05;

/**
 * The share of the frame that shows a surface, judged tile by tile from the pixels alone: a tile is
 * open water when it is featureless and either water-coloured (its blue or green outweighs its red)
 * or unlit. Paint is smooth too, but not water-coloured; a featureless blue or green hull is the
 * case this misjudges, which is why a low share only ever makes a photo fair, never poor alone.
 */
export function hullShare(rgb: RgbPixels): number {
  const columns = Math.floor(rgb.width / TILE);
  const rows = Math.floor(rgb.height / TILE);
  if (columns === 0 || rows === 0) return 1;
  let water = 0;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      if (isOpenWater(rgb, column * TILE, row * TILE)) water += 1;
    }
  }
  return 1 - water / (columns * rows);
}

function isOpenWater(rgb: RgbPixels, left: number, top: number): boolean {
  let red = 0;
  let green = 0;
  let blue = 0;
  let sum = 0;
  let squares = 0;
  for (let y = top; y < top + TILE; y += 1) {
    for (let x = left; x < left + TILE; x += 1) {
      const at = (y * rgb.width + x) * 3;
      const r = rgb.data[at]!;
      const g = rgb.data[at + 1]!;
      const b = rgb.data[at + 2]!;
      red += r;
      green += g;
      blue += b;
      const luma = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
      sum += luma;
      squares += luma * luma;
    }
  }
  const count = TILE * TILE;
  const mean = sum / count;
  const deviation = Math.sqrt(Math.max(0, squares / count - mean * mean));
  if (deviation >= FEATURELESS_BELOW) return false;
  return mean < UNLIT_BELOW || Math.max(green, blue) > red;
}
