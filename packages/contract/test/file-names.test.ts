import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_NAME_LENGTH, shortenFileName } from '../src/file-names.js';

describe('shortenFileName', () => {
  it('leaves a name of at most 200 characters as it is', () => {
    const name = `${'a'.repeat(196)}.jpg`;
    expect(shortenFileName(name)).toBe(name);
  });

  it('keeps the start and the extension of a longer name, cut in the middle, in exactly 200 characters', () => {
    const name = `MV-Nordstern_sea-chest_2026-11-24_${'x'.repeat(210)}_final-take.jpeg`;
    const short = shortenFileName(name);
    expect(Array.from(short)).toHaveLength(MAX_IMAGE_NAME_LENGTH);
    expect(short.startsWith('MV-Nordstern_sea-chest_2026-11-24_')).toBe(true);
    expect(short.endsWith('_final-take.jpeg')).toBe(true);
    expect(short).toContain('…');
  });

  it('never splits a character made of two UTF-16 units', () => {
    const short = shortenFileName(`${'🚢'.repeat(150)}${'⚓'.repeat(100)}.png`, 40);
    expect(Array.from(short)).toHaveLength(40);
    expect(short).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
    expect(short.endsWith('⚓.png')).toBe(true);
  });

  it('treats a very long "extension" as part of the name', () => {
    const short = shortenFileName(`photo.${'z'.repeat(300)}`, 50);
    expect(Array.from(short)).toHaveLength(50);
    expect(short.startsWith('photo.zzz')).toBe(true);
  });
});
