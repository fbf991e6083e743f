import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_NAME_LENGTH, matchRefusals, storedFileName } from '../src/file-names.js';

describe('reading which files the server refused', () => {
  it('maps each "<name>: <reason>" to its file', () => {
    const names = ['a.jpg', 'broken.jpg', 'c.png', 'huge.tif'];
    const reasons = matchRefusals(names, [
      'broken.jpg: the file is not a supported image (JPEG, PNG, …)',
      'huge.tif: the image has more than 100 megapixels',
    ]);
    expect(reasons).toEqual(
      new Map([
        [1, 'the file is not a supported image (JPEG, PNG, …)'],
        [3, 'the image has more than 100 megapixels'],
      ]),
    );
  });

  it('matches names as the server stores them, without folders or control characters', () => {
    expect(storedFileName('survey/port/\u202Edive 3.jpg ')).toBe('dive 3.jpg');
    expect(storedFileName('\u0007')).toBe('image');
    expect(matchRefusals(['port\\dive\u0000.jpg'], ['dive.jpg: the file is empty'])).toEqual(
      new Map([[0, 'the file is empty']]),
    );
  });

  it('matches a name longer than the server keeps, which the server shortens in the middle', () => {
    const long = `${'hull-port-side-frame-'.repeat(12)}0042.jpg`;
    const stored = storedFileName(long);
    expect(Array.from(stored)).toHaveLength(MAX_IMAGE_NAME_LENGTH);
    expect(stored.endsWith('0042.jpg')).toBe(true);
    expect(matchRefusals(['a.jpg', long], [`${stored}: the file is empty`])).toEqual(
      new Map([[1, 'the file is empty']]),
    );
  });

  it('prefers the longest name that fits, so "a.jpg" does not take the refusal of "a.jpg: b.jpg"', () => {
    expect(matchRefusals(['a.jpg', 'a.jpg: b.jpg'], ['a.jpg: b.jpg: the file is empty'])).toEqual(
      new Map([[1, 'the file is empty']]),
    );
  });

  it('gives up when a message names no file of the batch or a name two files share', () => {
    expect(matchRefusals(['a.jpg'], ['Too many files: at most 20 images per upload.'])).toBeNull();
    expect(matchRefusals(['x/a.jpg', 'y/a.jpg'], ['a.jpg: the file is empty'])).toBeNull();
    expect(matchRefusals(['a.jpg'], [])).toBeNull();
  });
});
