import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  BASE64_GZIP_ONLY,
  JSON_EFFORT,
  chooseCoding,
  codingsOf,
  precompress,
} from '../../src/http/precompressed.js';

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

  it('chooses only among the codings an answer carries', () => {
    expect(chooseCoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(chooseCoding('*', ['gzip'])).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBe('identity');
    expect(chooseCoding('br;q=1, gzip;q=0.1', ['gzip'])).toBe('gzip');
  });
});

describe('making the codings of an answer', () => {
  const json = Buffer.from(
    JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, name: `hull-${id}.jpg` }))),
  );

  it('makes brotli and gzip, or gzip alone when brotli is left out', async () => {
    const rows = await precompress(json, JSON_EFFORT);
    expect(codingsOf(rows)).toEqual(['br', 'gzip']);
    const base64 = await precompress(json, BASE64_GZIP_ONLY);
    expect(codingsOf(base64)).toEqual(['gzip']);
    expect(base64.br).toBeUndefined();
    expect(gunzipSync(base64.gzip!).equals(json)).toBe(true);
    expect(base64.gzip!.length).toBeLessThan(json.length);
  });
});
