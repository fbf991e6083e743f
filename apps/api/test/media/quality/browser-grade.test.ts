// Issue 46 §1: video frames are graded in the browser from a canvas's RGBA pixels; the grade, its
// reasons and every metric must be the upload's for the same pixels.
import {
  DEFAULT_QUALITY_THRESHOLDS,
  blockCropRect,
  judgeQuality,
  measureRgbaQuality,
  qualityAnalysisSize,
} from '@hullscope/contract';
import { describe, expect, it } from 'vitest';
import { measureQuality } from '../../../src/media/quality/measure-quality.js';
import { hullPixels, veiled } from '../../support/quality-pictures.js';

const WIDTH = 800;
const HEIGHT = 600;

/** The tests' hull-like picture at 800 × 600, veiled by `veil` of green water and lit by `light`. */
function picture(veil: number, light: number): Buffer {
  const pixels = veiled(hullPixels(WIDTH, HEIGHT), veil);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.round(pixels[index]! * light);
  return pixels;
}

/** The same pixels as a canvas's getImageData gives them: RGBA, opaque. */
function rgba(rgb: Buffer, width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < width * height; index += 1) {
    data.set([rgb[index * 3]!, rgb[index * 3 + 1]!, rgb[index * 3 + 2]!, 255], index * 4);
  }
  return { data, width, height };
}

/** The browser's centre crop: what drawing the blockCropRect of the frame onto its own canvas reads back. */
function cropOf(frame: ReturnType<typeof rgba>) {
  const rect = blockCropRect(frame.width, frame.height);
  const data = new Uint8ClampedArray(rect.width * rect.height * 4);
  for (let y = 0; y < rect.height; y += 1) {
    const start = ((rect.top + y) * frame.width + rect.left) * 4;
    data.set(frame.data.subarray(start, start + rect.width * 4), y * rect.width * 4);
  }
  return { data, width: rect.width, height: rect.height };
}

describe("a video frame's quality in the browser", () => {
  it('is measured at the size an upload is: at most 800 px on the longest side, never enlarged', () => {
    expect(qualityAnalysisSize(1920, 1080)).toEqual({ width: 800, height: 450 });
    expect(qualityAnalysisSize(1080, 1920)).toEqual({ width: 450, height: 800 });
    expect(qualityAnalysisSize(640, 360)).toEqual({ width: 640, height: 360 });
  });

  it.each([
    ['clear', 0, 1, 'good'],
    ['murky', 0.85, 1, 'poor'],
    ['dark', 0, 0.15, 'poor'],
  ] as const)('grades a %s frame as its upload is graded (%s)', async (_name, veil, light, grade) => {
    const rgb = picture(veil, light);
    const upload = await measureQuality({ data: rgb, width: WIDTH, height: HEIGHT });
    const frame = rgba(rgb, WIDTH, HEIGHT);
    const browser = measureRgbaQuality(
      { analysed: frame, blockCrop: cropOf(frame) },
      DEFAULT_QUALITY_THRESHOLDS,
    );
    expect(browser.metrics).toEqual(upload);
    expect(browser).toEqual({ ...judgeQuality(upload, DEFAULT_QUALITY_THRESHOLDS), metrics: upload });
    expect(browser.grade).toBe(grade);
  });
});
