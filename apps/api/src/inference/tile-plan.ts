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
 * tile), and keeps Full HD peak RSS within the 600 MB target (docs/benchmarks.md, bench:predict).
 */
export const DEFAULT_MAX_TILE_PIXELS = 768 * 768;

/**
 * How many times the configured bound an INT8 model's run may take: its activations are one byte
 * where an fp32 model's are four, so 1024² tiles at the default keep its Full HD peak below the fp32
 * model's at 768², with fewer tiles and less overlap (docs/benchmarks.md, bench:predict).
 */
export const INT8_TILE_PIXELS_FACTOR = 16 / 9;

/** The bound on one run of a model of `precision` when `maxTilePixels` is configured (fp32's bound). */
export function tilePixelsFor(precision: 'fp32' | 'int8' | undefined, maxTilePixels: number): number {
  if (precision !== 'int8') return maxTilePixels;
  return Math.min(Number.MAX_SAFE_INTEGER, Math.floor(maxTilePixels * INT8_TILE_PIXELS_FACTOR));
}

/** The smallest bound the configuration accepts: a 256² tile keeps a 128² core with full margins. */
export const MIN_MAX_TILE_PIXELS = 256 * 256;

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

interface Axis {
  spans: Span[];
  /** Sum and largest of the span lengths padded to the stride. */
  total: number;
  longest: number;
}

function axis(length: number, count: number, margin: number, stride: number): Axis {
  const list = spans(length, count, margin);
  const padded = list.map((span) => roundUpToStride(span.end - span.start, stride));
  return { spans: list, total: padded.reduce((sum, value) => sum + value, 0), longest: Math.max(...padded) };
}

/**
 * Cuts an image into the evenly spread grid of overlapping tiles that costs the fewest model pixels
 * while every tile, padded to the stride, stays within `maxTilePixels` (the memory bound). Spreading
 * the cores evenly avoids thin leftover tiles at the edges, so fewer tiles and fewer model pixels
 * (docs/benchmarks.md, bench:predict). An image that fits is one tile
 * with no margin. The bound is raised to one stride² if it is smaller.
 */
export function planTiles(width: number, height: number, stride: number, maxTilePixels: number): Tile[] {
  // Where the bound is too small for the full margin, a smaller one keeps at least a stride of core.
  const side = Math.max(stride, Math.floor(Math.sqrt(maxTilePixels) / stride) * stride);
  const margin = Math.max(0, Math.min(TILE_MARGIN, Math.floor((side - stride) / 2)));
  const bound = Math.max(maxTilePixels, stride * stride);
  const maxCount = (length: number) => Math.ceil(length / stride);
  const rowsFor = new Map<number, Axis>();
  const rowAxis = (down: number) => {
    let rows = rowsFor.get(down);
    if (!rows) rowsFor.set(down, (rows = axis(height, down, margin, stride)));
    return rows;
  };

  let best: { cost: number; columns: Axis; rows: Axis } | undefined;
  for (let across = 1; across <= maxCount(width); across += 1) {
    const columns = axis(width, across, margin, stride);
    const tallestAllowed = Math.floor(bound / columns.longest / stride) * stride;
    if (tallestAllowed < stride) continue;
    // With three rows or more, an interior row holds a core of at least height / rows - 1 and both
    // margins, so fewer rows than `interiorFewest` cannot fit; one and two rows (one margin each) are
    // always tried. From there, the first count that fits is this column count's best: more rows
    // only add overlap.
    const coreAllowed = tallestAllowed - 2 * margin;
    const interiorFewest = coreAllowed >= 1 ? Math.max(3, Math.floor(height / (coreAllowed + 1))) : Infinity;
    for (
      let down = 1;
      down <= maxCount(height);
      down = down < 2 ? down + 1 : Math.max(down + 1, interiorFewest)
    ) {
      const rows = rowAxis(down);
      if (rows.longest > tallestAllowed) continue;
      const cost = columns.total * rows.total + across * down * COST_PER_TILE;
      if (!best || cost < best.cost) best = { cost, columns, rows };
      break;
    }
  }
  // Unreachable: one stride per tile always fits `bound`.
  if (!best) throw new Error(`no tiling of ${width}x${height} fits ${maxTilePixels} pixels`);

  const { columns, rows } = best;
  return rows.spans.flatMap((row) =>
    columns.spans.map((column) => ({
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
