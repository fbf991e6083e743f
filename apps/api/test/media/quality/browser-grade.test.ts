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

const WIDTH = 800;
const HEIGHT = 600;

/** Hull-like RGB pixels (paint, sharp dark patches, grain), veiled by `veil` of green water and lit by `light`. */
function picture(veil: number, light: number): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const water = [74, 107, 94];
  let seed = 46;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = ((seed >>> 24) - 128) / 10;
      const patch = (Math.floor(x / 47) + Math.floor(y / 61)) % 3 === 0;
      const shade = 40 * Math.sin(x / 37) * Math.cos(y / 53);
      const paint = patch ? [60, 70, 60] : [170, 110, 100];
      for (let channel = 0; channel < 3; channel += 1) {
        const value = (paint[channel]! + shade + grain) * (1 - veil) + water[channel]! * veil;
        pixels[(y * WIDTH + x) * 3 + channel] = Math.max(0, Math.min(255, Math.round(value * light)));
      }
    }
  }
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
