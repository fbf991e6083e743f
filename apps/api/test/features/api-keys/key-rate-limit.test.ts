import { describe, expect, it } from 'vitest';
import { keyRateLimit } from '../../../src/features/api-keys/key-rate-limit.js';

describe('the per-key rate limit', () => {
  it('allows the limit per minute, says how long to wait, and opens again after the minute', () => {
    let now = 1_000_000;
    const limit = keyRateLimit(3, () => now);
    expect([limit.take(1), limit.take(1), limit.take(1)]).toEqual([null, null, null]);
    now += 15_000;
    expect(limit.take(1)).toBe(45);
    expect(limit.take(2)).toBeNull();
    now += 44_500;
    expect(limit.take(1)).toBe(1);
    now += 500;
    expect(limit.take(1)).toBeNull();
  });
});
