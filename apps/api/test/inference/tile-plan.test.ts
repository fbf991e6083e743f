import { describe, expect, it } from 'vitest';
import { roundUpToStride } from '../../src/inference/preprocess.js';
import {
  DEFAULT_MAX_TILE_PIXELS,
  TILE_MARGIN,
  planTiles,
  tilePixelsFor,
} from '../../src/inference/tile-plan.js';

const paddedPixels = (region: { width: number; height: number }, stride: number) =>
  roundUpToStride(region.width, stride) * roundUpToStride(region.height, stride);

describe('planTiles', () => {
  const cases = [
    { width: 1920, height: 1440, stride: 32, max: 1024 * 1024 },
    { width: 1920, height: 1080, stride: 32, max: 512 * 512 },
    { width: 801, height: 533, stride: 32, max: 300 * 300 },
    { width: 333, height: 257, stride: 8, max: 96 * 96 },
    { width: 97, height: 3000, stride: 16, max: 64 * 64 },
    { width: 1, height: 1, stride: 32, max: 256 * 256 },
    { width: 1, height: 700, stride: 32, max: 96 * 96 },
    { width: 500, height: 300, stride: 32, max: 100 },
  ];

  it('keeps the full margin where the bound allows it', () => {
    const [first] = planTiles(1920, 1440, 32, 768 * 768);
    expect(first!.region.width - first!.core.width).toBe(TILE_MARGIN);
    expect(first!.region.height - first!.core.height).toBe(TILE_MARGIN);
  });

  it.each(cases)(
    '$width x $height under $max px: cores cover every pixel once, tiles stay in the bound with their margins',
    ({ width, height, stride, max }) => {
      const tiles = planTiles(width, height, stride, max);
      const covered = new Uint8Array(width * height);
      for (const { region, core } of tiles) {
        expect(paddedPixels(region, stride)).toBeLessThanOrEqual(Math.max(max, stride * stride));
        for (let y = core.y; y < core.y + core.height; y += 1)
          for (let x = core.x; x < core.x + core.width; x += 1) covered[y * width + x]! += 1;
        // The region holds the core and as much context around it as the image and the margin allow.
        const side = Math.max(stride, Math.floor(Math.sqrt(max) / stride) * stride);
        const margin = Math.max(0, Math.min(TILE_MARGIN, Math.floor((side - stride) / 2)));
        expect(core.x - region.x).toBeGreaterThanOrEqual(Math.min(core.x, Math.floor(margin)));
        expect(core.y - region.y).toBeGreaterThanOrEqual(Math.min(core.y, Math.floor(margin)));
        expect(region.x + region.width).toBeGreaterThanOrEqual(
          Math.min(width, core.x + core.width + Math.floor(margin)),
        );
        expect(region.y + region.height).toBeGreaterThanOrEqual(
          Math.min(height, core.y + core.height + Math.floor(margin)),
        );
      }
      expect(covered.every((count) => count === 1)).toBe(true);
    },
  );

  it('runs a 4:3 or 16:9 standard-resolution image in one piece under the default bound, as model:eval measures it', () => {
    for (const [width, height] of [
      [800, 600],
      [600, 800],
      [800, 450],
    ] as const) {
      const whole = { x: 0, y: 0, width, height };
      expect(planTiles(width, height, 32, DEFAULT_MAX_TILE_PIXELS)).toEqual([{ region: whole, core: whole }]);
    }
  });

  it('spreads cores evenly: 1920 x 1440 under 1 MP is 2 x 2 tiles with little overlap', () => {
    const tiles = planTiles(1920, 1440, 32, 1024 * 1024);
    expect(tiles).toHaveLength(4);
    expect(tiles.map((tile) => tile.core.width)).toEqual([960, 960, 960, 960]);
    const modelPixels = tiles.reduce((sum, tile) => sum + paddedPixels(tile.region, 32), 0);
    expect(modelPixels / (1920 * 1440)).toBeLessThan(1.2);
  });
});

describe('tilePixelsFor', () => {
  it('gives an INT8 model 1024² tiles at the default, so Full HD runs in fewer, larger pieces', () => {
    expect(tilePixelsFor('int8', DEFAULT_MAX_TILE_PIXELS)).toBe(1024 * 1024);
    expect(tilePixelsFor('fp32', DEFAULT_MAX_TILE_PIXELS)).toBe(DEFAULT_MAX_TILE_PIXELS);
    expect(tilePixelsFor(undefined, DEFAULT_MAX_TILE_PIXELS)).toBe(DEFAULT_MAX_TILE_PIXELS);
    const fp32Tiles = planTiles(1920, 1440, 32, tilePixelsFor('fp32', DEFAULT_MAX_TILE_PIXELS));
    const int8Tiles = planTiles(1920, 1440, 32, tilePixelsFor('int8', DEFAULT_MAX_TILE_PIXELS));
    expect(fp32Tiles).toHaveLength(8);
    expect(int8Tiles.length).toBeLessThan(fp32Tiles.length);
    for (const tile of int8Tiles) expect(paddedPixels(tile.region, 32)).toBeLessThanOrEqual(1024 * 1024);
  });

  it('keeps a whole-image bound whole', () => {
    expect(tilePixelsFor('int8', Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
