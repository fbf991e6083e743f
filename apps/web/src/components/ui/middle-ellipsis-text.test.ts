import { describe, expect, it } from 'vitest';
import { splitForMiddleEllipsis } from './middle-ellipsis-text';

describe('splitForMiddleEllipsis', () => {
  it('keeps the last 14 characters whole', () => {
    expect(splitForMiddleEllipsis('hull-pass-2026-03-14-00:41.250.jpg')).toEqual([
      'hull-pass-2026-03-14',
      '-00:41.250.jpg',
    ]);
  });

  it('leaves a short name in one piece', () => {
    expect(splitForMiddleEllipsis('bow.jpg')).toEqual(['', 'bow.jpg']);
  });

  it('counts code points, so an emoji is never split', () => {
    expect(splitForMiddleEllipsis('🚢🚢🚢', 2)).toEqual(['🚢', '🚢🚢']);
  });
});
