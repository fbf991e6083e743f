import { describe, expect, it } from 'vitest';
import { planBatches } from '../src/upload-batches.js';

describe('planning upload requests', () => {
  it('puts at most maxFiles files in a request, in order', () => {
    const sizes = Array.from({ length: 45 }, () => 10);
    const batches = planBatches(sizes, { maxFiles: 20, maxBytes: 10_000 });
    expect(batches.map((batch) => batch.length)).toEqual([20, 20, 5]);
    expect(batches.flat()).toEqual(sizes.map((_, index) => index));
  });

  it('starts a new request before the bytes would pass maxBytes, and sends a larger file alone', () => {
    expect(planBatches([40, 40, 40, 150, 10, 10], { maxFiles: 20, maxBytes: 100 })).toEqual([
      [0, 1],
      [2],
      [3],
      [4, 5],
    ]);
  });

  it('plans nothing for no files', () => {
    expect(planBatches([], { maxFiles: 20, maxBytes: 100 })).toEqual([]);
  });
});
