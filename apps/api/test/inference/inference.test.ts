import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_FILE, type ModelFolder, readModelFolder } from '../../src/inference/model-files.js';
import { classPercentages } from '../../src/inference/postprocess.js';
import { type Region, toModelInput } from '../../src/inference/preprocess.js';
import { segment } from '../../src/inference/segment.js';
import { type FusedSession, SessionCache } from '../../src/inference/session-cache.js';
import { noiseImage } from '../support/images.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

let folder: ModelFolder;
const sessions = new SessionCache(1);
let session: FusedSession;
beforeAll(async () => {
  folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
  session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
});
afterAll(() => sessions.close());

/** Deterministic pseudo-random pixels, so every class appears in irregular patches. */
const noise = (width: number, height: number) => noiseImage(width, height, 12345);

describe('segment', () => {
  it('gives the same classes in overlapping tiles as on the whole image, at an odd size', async () => {
    const image = noise(333, 257);
    const whole = await segment(session, folder.manifest, image, { maxTilePixels: Number.MAX_SAFE_INTEGER });
    const tiled = await segment(session, folder.manifest, image, { maxTilePixels: 96 * 96 });
    expect([tiled.width, tiled.height]).toEqual([333, 257]);
    expect(new Set(whole.classes).size).toBe(4);
    expect(Buffer.from(tiled.classes).equals(Buffer.from(whole.classes))).toBe(true);
  });

  it('counts the pixels of each class once, tiles and overlaps included', async () => {
    const image = noise(333, 257);
    const tiled = await segment(session, folder.manifest, image, { maxTilePixels: 96 * 96 });
    const recounted = new Uint32Array(folder.manifest.classes.length);
    for (const value of tiled.classes) recounted[value]! += 1;
    expect([...tiled.counts]).toEqual([...recounted]);
    expect(tiled.counts.reduce((sum, count) => sum + count, 0)).toBe(333 * 257);
    const whole = await segment(session, folder.manifest, image, { maxTilePixels: Number.MAX_SAFE_INTEGER });
    expect([...whole.counts]).toEqual([...tiled.counts]);
    expect(tiled.modelMs).toBeGreaterThan(0);
  });
});

describe('toModelInput', () => {
  const stride = 4;
  const image = noise(11, 9);

  /** The definition, pixel by pixel: the edge-clamped source region's bytes, NHWC. */
  function expected(region: Region, width: number, height: number): number[] {
    const out: number[] = [];
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const sourceX = region.x + Math.min(x, region.width - 1);
        const sourceY = region.y + Math.min(y, region.height - 1);
        for (let channel = 0; channel < 3; channel += 1)
          out.push(image.data[(sourceY * image.width + sourceX) * 3 + channel]!);
      }
    }
    return out;
  }

  it.each([
    ['the whole image', { x: 0, y: 0, width: 11, height: 9 }],
    ['an interior region (padding repeats the region, not the image)', { x: 2, y: 3, width: 5, height: 3 }],
    ['a region already a multiple of the stride', { x: 3, y: 1, width: 8, height: 8 }],
    ['a lower-right region', { x: 6, y: 7, width: 5, height: 2 }],
  ])('pads %s with its edge pixels exactly', (_, region) => {
    const result = toModelInput(image, region, stride);
    const width = Math.ceil(region.width / stride) * stride;
    const height = Math.ceil(region.height / stride) * stride;
    expect([result.width, result.height]).toEqual([width, height]);
    expect(Array.from(result.data)).toEqual(expected(region, width, height));
    // A copy, even one this small, owns its whole ArrayBuffer: moving it to a thread takes nothing else along.
    expect(result.copied).toBe(true);
    expect([result.data.byteOffset, result.data.buffer.byteLength]).toEqual([0, result.data.byteLength]);
  });

  it('passes a whole image that fits the stride without copying it', () => {
    const fitting = noise(8, 12);
    const result = toModelInput(fitting, { x: 0, y: 0, width: 8, height: 12 }, stride);
    expect(result.data).toBe(fitting.data);
    expect(result.copied).toBe(false);
  });
});

describe('classPercentages', () => {
  const classes = [
    { label: 'Background', hex_color: '#000000', in_percentages: false },
    { label: 'A', hex_color: '#111111', in_percentages: true },
    { label: 'B', hex_color: '#222222', in_percentages: true },
    { label: 'C', hex_color: '#333333', in_percentages: true },
  ];
  const map = (counts: number[]) => ({ counts: Uint32Array.from(counts) });

  it('excludes Background and rounds thirds so the sum is exactly 100', () => {
    const result = classPercentages(map([3, 1, 1, 1]), classes);
    expect(result.map((entry) => entry.percentage)).toEqual([33.34, 33.33, 33.33]);
    expect(result.reduce((sum, entry) => sum + entry.percentage * 100, 0)).toBe(10_000);
  });

  it('is all 0 when every pixel is Background', () => {
    expect(classPercentages(map([3, 0, 0, 0]), classes).map((entry) => entry.percentage)).toEqual([0, 0, 0]);
  });
});
