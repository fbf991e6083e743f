import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_FILE, type ModelFolder, readModelFolder } from '../src/inference/model-files.js';
import { classPercentages } from '../src/inference/postprocess.js';
import { toModelInput } from '../src/inference/preprocess.js';
import { segment } from '../src/inference/segment.js';
import type { RgbImage } from '../src/media/renditions.js';
import { FIXTURE_MODELS_DIR } from './support/test-app.js';

let folder: ModelFolder;
let session: ort.InferenceSession;
beforeAll(async () => {
  folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
  session = await ort.InferenceSession.create(path.join(folder.directory, MODEL_FILE));
});
afterAll(() => session.release());

/** Deterministic pseudo-random pixels, so every class appears in irregular patches. */
function noiseImage(width: number, height: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let index = 0; index < data.length; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    data[index] = state >> 23;
  }
  return { data, width, height };
}

describe('segment', () => {
  it('gives the same classes in overlapping tiles as on the whole image, at an odd size', async () => {
    const image = noiseImage(333, 257);
    const whole = await segment(session, folder.manifest, image, { maxTilePixels: Number.MAX_SAFE_INTEGER });
    const tiled = await segment(session, folder.manifest, image, { maxTilePixels: 96 * 96 });
    expect([tiled.width, tiled.height]).toEqual([333, 257]);
    expect(new Set(whole.classes).size).toBe(4);
    expect(Buffer.from(tiled.classes).equals(Buffer.from(whole.classes))).toBe(true);
  });

  it('counts the pixels of each class once, tiles and overlaps included', async () => {
    const image = noiseImage(333, 257);
    const tiled = await segment(session, folder.manifest, image, { maxTilePixels: 96 * 96 });
    const recounted = new Uint32Array(folder.manifest.classes.length);
    for (const value of tiled.classes) recounted[value]! += 1;
    expect([...tiled.counts]).toEqual([...recounted]);
    expect(tiled.counts.reduce((sum, count) => sum + count, 0)).toBe(333 * 257);
  });
});

describe('toModelInput', () => {
  it('normalises a region per channel and pads to the stride by repeating its last column and row', () => {
    // 4 x 3 image; the region is its 3 x 2 lower-right part; pixel (x, y) has red 10x + y.
    const width = 4;
    const height = 3;
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) data.set([10 * x + y, 100, 255], (y * width + x) * 3);
    }
    const input = {
      layout: 'NCHW',
      channels: 'RGB',
      mean: [0, 0.5, 1],
      std: [1, 0.5, 0.25],
      stride: 4,
    } as const;
    const result = toModelInput({ data, width, height }, { x: 1, y: 1, width: 3, height: 2 }, input);
    expect([result.width, result.height]).toEqual([4, 4]);
    const red = Array.from(result.data.subarray(0, 16), (value) => Math.round(value * 255));
    expect(red).toEqual([11, 21, 31, 31, 12, 22, 32, 32, 12, 22, 32, 32, 12, 22, 32, 32]);
    expect(result.data[16]).toBeCloseTo((100 / 255 - 0.5) / 0.5, 6);
    expect(result.data[47]).toBeCloseTo(0, 6);
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
