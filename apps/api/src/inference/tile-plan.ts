import { type Region, roundUpToStride } from './preprocess.js';

/** One model run: the region fed to the model, and the core whose classes it keeps. */
export interface Tile {
  region: Region;
  core: Region;
}

/**
 * The default memory bound on one model run, in padded pixels. 768² keeps a standard (800 px) image of
 * the usual 4:3 or 16:9 shapes in one piece, exactly as `model:eval` measures it (tiling changed about
 * 10 % of the bundled models' classes on the real samples: their global-context branch sees only its
 * tile), and kept Full HD peak RSS at 521 MB with both bundled models loaded (800² measured 579–628).
 */
export const DEFAULT_MAX_TILE_PIXELS = 768 * 768;

/**
 * Context each core pixel gets from its tile's neighbours. On the bundled models, 32 and 64 px agreed
 * equally well with whole-image inference; 64 is the safe side.
 */
export const TILE_MARGIN = 64;

/**
 * A run costs a little beyond its pixels (session call, output copy); in padded pixels, so the plan
 * does not split an image into many small tiles to save a few pixels of overlap.
 */
const COST_PER_TILE = 20_000;

interface Span {
  core0: number;
  core1: number;
  start: number;
  end: number;
}

/** `count` cores of (nearly) equal length covering 0..length exactly, each widened by `margin`. */
function spans(length: number, count: number, margin: number): Span[] {
  return Array.from({ length: count }, (_, index) => {
    const core0 = Math.round((index * length) / count);
    const core1 = Math.round(((index + 1) * length) / count);
    return { core0, core1, start: Math.max(0, core0 - margin), end: Math.min(length, core1 + margin) };
  });
}

const paddedLengths = (list: Span[], stride: number) =>
  list.map((span) => roundUpToStride(span.end - span.start, stride));

/**
 * Cuts an image into the grid of overlapping tiles that costs the fewest model pixels while every
 * tile, padded to the stride, stays within `maxTilePixels` (the memory bound). Cores are spread
 * evenly, so a 1920 × 1440 image under a 1 MP bound is 2 × 2 tiles of about 1024 × 784 rather than a
 * square grid with thin leftovers at the edges. An image that fits is one tile with no margin.
 */
export function planTiles(width: number, height: number, stride: number, maxTilePixels: number): Tile[] {
  // Where the bound is too small for the full margin, a smaller one keeps at least a stride of core.
  const side = Math.max(stride, Math.floor(Math.sqrt(maxTilePixels) / stride) * stride);
  const margin = Math.max(0, Math.min(TILE_MARGIN, Math.floor((side - stride) / 2)));
  const bound = Math.max(maxTilePixels, stride * stride);

  let best: { cost: number; columns: Span[]; rows: Span[] } | undefined;
  for (let across = 1; across <= Math.ceil(width / stride); across += 1) {
    const columns = spans(width, across, margin);
    const widths = paddedLengths(columns, stride);
    const widest = Math.max(...widths);
    if (widest * stride > bound) continue;
    for (let down = 1; down <= Math.ceil(height / stride); down += 1) {
      const rows = spans(height, down, margin);
      const heights = paddedLengths(rows, stride);
      // More rows only add overlap once the tallest fits: the first that fits is this column count's best.
      if (widest * Math.max(...heights) > bound) continue;
      const sum = (list: number[]) => list.reduce((total, value) => total + value, 0);
      const cost = sum(widths) * sum(heights) + across * down * COST_PER_TILE;
      if (!best || cost < best.cost) best = { cost, columns, rows };
      break;
    }
  }
  // Unreachable while a stride-square tile fits the bound, which `bound` guarantees.
  if (!best) throw new Error(`no tiling of ${width}x${height} fits ${maxTilePixels} pixels`);

  const { columns, rows } = best;
  return rows.flatMap((row) =>
    columns.map((column) => ({
      region: {
        x: column.start,
        y: row.start,
        width: column.end - column.start,
        height: row.end - row.start,
      },
      core: {
        x: column.core0,
        y: row.core0,
        width: column.core1 - column.core0,
        height: row.core1 - row.core0,
      },
    })),
  );
}
