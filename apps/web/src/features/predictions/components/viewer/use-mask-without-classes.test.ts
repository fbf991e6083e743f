import { describe, expect, it } from 'vitest';
import { clearColours } from './use-mask-without-classes';

describe('hiding classes in the mask', () => {
  it("makes only the hidden classes' pixels transparent", () => {
    // Three opaque pixels: red, blue, and a red one step off.
    const pixels = new Uint8ClampedArray([229, 57, 53, 255, 30, 136, 229, 255, 229, 57, 54, 255]);
    clearColours(pixels, ['#e53935']);
    expect([pixels[3], pixels[7], pixels[11]]).toEqual([0, 255, 255]);
    clearColours(pixels, ['#1E88E5', 'not a colour']);
    expect([pixels[3], pixels[7], pixels[11]]).toEqual([0, 0, 255]);
  });
});
