import { describe, expect, it } from 'vitest';
import { perFileProgress } from './per-file-progress';

describe('per-file upload progress', () => {
  it('splits the bytes sent over the files in order', () => {
    expect(perFileProgress([100, 300], 0, 500)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 125, 500)).toEqual([100, 0]);
    expect(perFileProgress([100, 300], 250, 500)).toEqual([100, 33]);
    expect(perFileProgress([100, 300], 500, 500)).toEqual([100, 100]);
  });
});
