import { describe, expect, it } from 'vitest';
import { MAX_BRUSH, MIN_BRUSH, steppedBrush, typingInField } from './shortcuts';

describe('brush size keys', () => {
  it('step by at least a pixel, by about a fifth when large, and stay within the limits', () => {
    expect(steppedBrush(1, 1)).toBe(2);
    expect(steppedBrush(2, -1)).toBe(1);
    expect(steppedBrush(100, 1)).toBe(120);
    expect(steppedBrush(120, -1)).toBe(100);
    expect(steppedBrush(MAX_BRUSH, 1)).toBe(MAX_BRUSH);
    expect(steppedBrush(MIN_BRUSH, -1)).toBe(MIN_BRUSH);
  });

  it('are left to text fields but not to sliders', () => {
    const text = document.createElement('input');
    const slider = document.createElement('input');
    slider.type = 'range';
    expect(typingInField(text)).toBe(true);
    expect(typingInField(document.createElement('textarea'))).toBe(true);
    expect(typingInField(slider)).toBe(false);
    expect(typingInField(document.body)).toBe(false);
  });
});
