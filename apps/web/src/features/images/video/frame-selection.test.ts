import { describe, expect, it } from 'vitest';
import {
  type FramePixels,
  createFrameSelector,
  DEFAULT_FRAME_SELECTION,
  laplacianVariance,
  signatureDifference,
  signatureOf,
} from './frame-selection';
import type { RgbaQualityPixels } from '@hullscope/contract';

const WIDTH = 320;
const HEIGHT = 180;
/** Off the 8-px grid of block compression, so the pattern's own edges are no compression artefacts. */
const CELL = 7;

/** A random pattern of hard-edged paint and barnacle-white blocks, like the e2e video fixture. */
function blocks(seed: number, shift = 0): FramePixels {
  let state = seed;
  const random = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  // Wide enough for every shift the tests use, so a shift moves the view over one fixed pattern.
  const columns = Math.ceil((WIDTH + 400) / CELL);
  const rows = Math.ceil(HEIGHT / CELL);
  const light = Array.from({ length: columns * rows }, () => random() < 0.35);
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const on = light[Math.floor(y / CELL) * columns + Math.floor((x + shift) / CELL)];
      data.set(on ? [232, 228, 218, 255] : [156, 42, 34, 255], (y * WIDTH + x) * 4);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

/** The frame averaged over a square of (2 radius + 1)² pixels, as an out-of-focus lens smears it. */
function boxBlur(frame: FramePixels, radius: number): FramePixels {
  const { width, height, data } = frame;
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      for (let channel = 0; channel < 4; channel += 1) {
        let total = 0;
        let count = 0;
        for (let dy = -radius; dy <= radius; dy += 1) {
          for (let dx = -radius; dx <= radius; dx += 1) {
            const sx = Math.min(width - 1, Math.max(0, x + dx));
            const sy = Math.min(height - 1, Math.max(0, y + dy));
            total += data[(sy * width + sx) * 4 + channel]!;
            count += 1;
          }
        }
        out[(y * width + x) * 4 + channel] = total / count;
      }
    }
  }
  return { width, height, data: out };
}

/** A frame this small is measured as it is: no scaling, and its block crop is the whole frame. */
const asMeasured = (frame: FramePixels) => (): RgbaQualityPixels => ({ analysed: frame, blockCrop: frame });

/** The frame seen through turbid green water: `veil` of each pixel is the water's colour. */
function hazed(frame: FramePixels, veil: number): FramePixels {
  const water = [74, 107, 94];
  const data = Uint8ClampedArray.from(frame.data, (value, index) =>
    index % 4 === 3 ? value : value * (1 - veil) + water[index % 4]! * veil,
  );
  return { ...frame, data };
}

/** The frame with its light cut to `light` (0 to 1), as when the diver's lamp points away. */
const dimmed = (frame: FramePixels, light: number): FramePixels => ({
  ...frame,
  data: Uint8ClampedArray.from(frame.data, (value, index) => (index % 4 === 3 ? value : value * light)),
});

/** Blurred twice, near a Gaussian blur of a cell's width, as the e2e fixture's out-of-focus pan. */
const farOutOfFocus = (frame: FramePixels) => boxBlur(boxBlur(frame, 6), 6);

/** The same frame with faint sensor noise (±3 levels), as a decoder gives a still scene again. */
function withNoise(frame: FramePixels, seed: number): FramePixels {
  let state = seed;
  const data = Uint8ClampedArray.from(frame.data, (value, index) => {
    if (index % 4 === 3) return value;
    state = (state * 48271) % 2147483647;
    return value + ((state % 7) - 3);
  });
  return { width: frame.width, height: frame.height, data };
}

const flat = (level: number): FramePixels => ({
  width: WIDTH,
  height: HEIGHT,
  data: new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(level),
});

describe('sharpness: variance of the Laplacian', () => {
  it('is zero for an even surface and large for hard edges', () => {
    expect(laplacianVariance(flat(120))).toBe(0);
    expect(laplacianVariance(blocks(7))).toBeGreaterThan(1000);
  });

  it('falls as the frame is blurred more, below the default threshold when out of focus', () => {
    const sharp = laplacianVariance(blocks(7));
    const soft = laplacianVariance(boxBlur(blocks(7), 1));
    const blurred = laplacianVariance(farOutOfFocus(blocks(7)));
    expect(soft).toBeLessThan(sharp);
    expect(blurred).toBeLessThan(soft);
    expect(blurred).toBeLessThan(DEFAULT_FRAME_SELECTION.minSharpness);
    expect(sharp).toBeGreaterThan(DEFAULT_FRAME_SELECTION.minSharpness * 10);
  });

  it('judges a sharp frame of low contrast sharp by default, as a propeller in murky water', () => {
    // The same hard edges at a sixteenth of the contrast: sharp to the eye, dim to the Laplacian.
    const dim = blocks(7);
    const data = Uint8ClampedArray.from(dim.data, (value, index) =>
      index % 4 === 3 ? value : 120 + (value - 120) / 16,
    );
    const sharpness = laplacianVariance({ ...dim, data });
    expect(sharpness).toBeLessThan(40);
    // Its photo quality is poor (no contrast), which is the other option's concern, not sharpness's.
    const keepPoor = { ...DEFAULT_FRAME_SELECTION, skipPoorQuality: false };
    const frame = { ...dim, data };
    expect(createFrameSelector(keepPoor).judge(frame, asMeasured(frame)).kind).toBe('keep');
  });

  it('is zero for frames too small to have inner pixels', () => {
    expect(laplacianVariance({ width: 2, height: 2, data: new Uint8ClampedArray(16).fill(255) })).toBe(0);
  });
});

describe('difference between frames', () => {
  it('is near zero for the same scene with noise and large for a moved camera', () => {
    const scene = blocks(7);
    const again = signatureDifference(signatureOf(scene), signatureOf(withNoise(scene, 3)));
    const moved = signatureDifference(signatureOf(scene), signatureOf(blocks(7, 100)));
    expect(again).toBeLessThan(0.005);
    expect(moved).toBeGreaterThan(DEFAULT_FRAME_SELECTION.minDifference * 3);
  });

  it('is 1 between black and white, and for signatures of differently shaped frames', () => {
    expect(signatureDifference(signatureOf(flat(0)), signatureOf(flat(255)))).toBeCloseTo(1, 5);
    const square = { width: 100, height: 100, data: new Uint8ClampedArray(100 * 100 * 4) };
    expect(signatureDifference(signatureOf(flat(0)), signatureOf(square))).toBe(1);
  });
});

describe('choosing frames in playback order', () => {
  it('keeps sharp new frames, skips blurred ones and repeats of the last kept frame', () => {
    const select = createFrameSelector();
    const still = blocks(11);
    const verdicts = [
      blocks(7),
      blocks(7, 60),
      farOutOfFocus(blocks(7, 120)),
      still,
      withNoise(still, 1),
      withNoise(still, 2),
      blocks(7, 240),
    ].map((frame) => select.judge(frame, asMeasured(frame)).kind);
    expect(verdicts).toEqual(['keep', 'keep', 'blurry', 'keep', 'duplicate', 'duplicate', 'keep']);
  });

  it('compares with the last kept frame, not the last one seen, so a slow drift is kept in steps', () => {
    const threshold = 0.05;
    const frames = Array.from({ length: 13 }, (_, shift) => blocks(5, shift));
    // Each step moves the view by one pixel: no step alone is new enough, several together are.
    for (let index = 1; index < frames.length; index += 1) {
      expect(signatureDifference(signatureOf(frames[index - 1]!), signatureOf(frames[index]!))).toBeLessThan(
        threshold,
      );
    }
    const select = createFrameSelector({
      ...DEFAULT_FRAME_SELECTION,
      minSharpness: 0,
      minDifference: threshold,
    });
    const verdicts = frames.map((frame) => select.judge(frame, asMeasured(frame)));
    expect(verdicts[0]!.kind).toBe('keep');
    expect(verdicts[1]!.kind).toBe('duplicate');
    const later = verdicts.slice(1).filter((verdict) => verdict.kind === 'keep');
    expect(later.length).toBeGreaterThan(0);
    for (const verdict of later) expect(verdict.difference).toBeGreaterThanOrEqual(threshold);
  });

  it('keeps every frame with both thresholds at zero and poor-quality frames kept', () => {
    const select = createFrameSelector({
      ...DEFAULT_FRAME_SELECTION,
      minSharpness: 0,
      minDifference: 0,
      skipPoorQuality: false,
    });
    const verdicts = [flat(0), flat(0), boxBlur(blocks(3), 6)].map(
      (frame) => select.judge(frame, asMeasured(frame)).kind,
    );
    expect(verdicts).toEqual(['keep', 'keep', 'keep']);
  });
});

describe("a frame's photo quality, graded as an upload's", () => {
  it('skips a frame in murky water as poor, with the reason, and keeps a clear one graded good', () => {
    const select = createFrameSelector();
    const clear = blocks(7);
    const murky = hazed(blocks(7, 120), 0.85);
    const kept = select.judge(clear, asMeasured(clear));
    expect(kept.kind).toBe('keep');
    expect(kept.quality?.grade).toBe('good');
    const skipped = select.judge(murky, asMeasured(murky));
    expect(skipped.kind).toBe('poor');
    expect(skipped.quality?.reasons[0]).toMatch(/^Low contrast: murky water or haze \(contrast \d+ %\)$/);
  });

  it('skips a frame too dark to show the hull as poor', () => {
    const dark = dimmed(blocks(7), 0.12);
    const verdict = createFrameSelector().judge(dark, asMeasured(dark));
    expect(verdict.kind).toBe('poor');
    expect(verdict.quality?.reasons).toContainEqual(expect.stringMatching(/^Too dark \(brightness \d+ %\)$/));
  });

  it('keeps a murky frame, graded poor, when the option is off', () => {
    const murky = hazed(blocks(7), 0.85);
    const verdict = createFrameSelector({ ...DEFAULT_FRAME_SELECTION, skipPoorQuality: false }).judge(
      murky,
      asMeasured(murky),
    );
    expect(verdict.kind).toBe('keep');
    expect(verdict.quality?.grade).toBe('poor');
  });

  it("grades by the server's thresholds: a looser contrast bound keeps the murky frame", () => {
    const murky = hazed(blocks(7), 0.85);
    const { contrast } = createFrameSelector().judge(murky, asMeasured(murky)).quality!.metrics;
    const thresholds = {
      ...DEFAULT_FRAME_SELECTION.qualityThresholds,
      contrast: { fair: contrast / 2, poor: contrast / 4 },
    };
    const verdict = createFrameSelector({ ...DEFAULT_FRAME_SELECTION, qualityThresholds: thresholds }).judge(
      murky,
      asMeasured(murky),
    );
    expect(verdict.kind).toBe('keep');
  });

  it('is checked before repeats: a poor frame is not compared, and does not become the reference', () => {
    const select = createFrameSelector();
    const scene = blocks(7);
    const murky = hazed(scene, 0.85);
    const verdicts = [scene, murky, withNoise(scene, 4)].map((frame) =>
      select.judge(frame, asMeasured(frame)),
    );
    expect(verdicts.map((verdict) => verdict.kind)).toEqual(['keep', 'poor', 'duplicate']);
  });

  it('is not measured for a blurry frame, which is skipped first', () => {
    const blurred = farOutOfFocus(blocks(7));
    let measured = false;
    const verdict = createFrameSelector().judge(blurred, () => {
      measured = true;
      return asMeasured(blurred)();
    });
    expect(verdict).toMatchObject({ kind: 'blurry', quality: null });
    expect(measured).toBe(false);
  });
});
