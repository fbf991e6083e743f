import { describe, expect, it } from 'vitest';
import { isBlankFrame } from './blank-frame';

/** An RGBA frame of `width` × 2 pixels, all `fill`, except pixel `odd` set to `other`. */
function frame(width: number, fill: number[], odd?: { index: number; other: number[] }): ImageData {
  const data = new Uint8ClampedArray(width * 2 * 4);
  for (let pixel = 0; pixel < width * 2; pixel += 1) data.set(fill, pixel * 4);
  if (odd) data.set(odd.other, odd.index * 4);
  return { data, width, height: 2, colorSpace: 'srgb' } as ImageData;
}

describe('a blank copied frame', () => {
  it('is one where every pixel is the same, transparent or a colour', () => {
    expect(isBlankFrame(frame(8, [0, 0, 0, 0]))).toBe(true);
    expect(isBlankFrame(frame(8, [0, 0, 0, 255]))).toBe(true);
    expect(isBlankFrame(frame(8, [12, 80, 140, 255]))).toBe(true);
  });

  it('is not one with a single pixel different, first, last or in one channel', () => {
    expect(isBlankFrame(frame(8, [0, 0, 0, 255], { index: 0, other: [1, 0, 0, 255] }))).toBe(false);
    expect(isBlankFrame(frame(8, [0, 0, 0, 255], { index: 15, other: [0, 0, 0, 254] }))).toBe(false);
    expect(isBlankFrame(frame(8, [30, 30, 30, 255], { index: 9, other: [30, 31, 30, 255] }))).toBe(false);
  });
});
