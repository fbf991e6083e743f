import { describe, expect, it } from 'vitest';
import { chooseCoding } from '../../src/http/precompressed.js';

describe('choosing the coding of a precompressed answer', () => {
  it('prefers brotli, then gzip, as Accept-Encoding allows, and sends none when neither is allowed', () => {
    expect(chooseCoding('gzip, deflate, br')).toBe('br');
    expect(chooseCoding('gzip, deflate')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseCoding('BR ; Q=0.1')).toBe('br');
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('*;q=0, identity')).toBe('identity');
    expect(chooseCoding('br;q=junk, deflate')).toBe('identity');
    expect(chooseCoding(undefined)).toBe('identity');
    expect(chooseCoding('')).toBe('identity');
    // The client's preference counts: gzip preferred to brotli gets gzip.
    expect(chooseCoding('gzip;q=1, br;q=0.5')).toBe('gzip');
  });
});
