import { describe, expect, it } from 'vitest';
import { fillPolygon, replaceInPolygon } from './lasso';
import { EditRecorder, type IndexMask } from './mask-edit';

const blank = (width: number, height: number): IndexMask => ({
  width,
  height,
  data: new Uint8Array(width * height),
});

describe('lasso', () => {
  it('fills exactly the pixels whose centres lie inside a rectangle', () => {
    const mask = blank(10, 10);
    fillPolygon(
      new EditRecorder(mask),
      [
        { x: 2, y: 3 },
        { x: 7, y: 3 },
        { x: 7, y: 6 },
        { x: 2, y: 6 },
      ],
      2,
    );
    for (let y = 0; y < 10; y += 1) {
      for (let x = 0; x < 10; x += 1) {
        expect(mask.data[y * 10 + x]).toBe(x >= 2 && x < 7 && y >= 3 && y < 6 ? 2 : 0);
      }
    }
  });

  it('fills a concave shape without its notch, and a triangle by about its area', () => {
    const mask = blank(100, 100);
    // A U: the notch between x 40 and 60 above y 50 stays empty.
    const u = [
      { x: 10, y: 10 },
      { x: 40, y: 10 },
      { x: 40, y: 50 },
      { x: 60, y: 50 },
      { x: 60, y: 10 },
      { x: 90, y: 10 },
      { x: 90, y: 90 },
      { x: 10, y: 90 },
    ];
    fillPolygon(new EditRecorder(mask), u, 1);
    expect(mask.data[30 * 100 + 50]).toBe(0);
    expect(mask.data[30 * 100 + 20]).toBe(1);
    expect(mask.data[70 * 100 + 50]).toBe(1);
    const other = blank(100, 100);
    fillPolygon(
      new EditRecorder(other),
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 0, y: 100 },
      ],
      1,
    );
    expect(Math.abs(other.data.filter((v) => v === 1).length - 5000)).toBeLessThan(100);
  });

  it('replaces one class by another inside and nowhere else', () => {
    const mask: IndexMask = { width: 10, height: 1, data: Uint8Array.from([1, 2, 1, 2, 1, 2, 1, 2, 1, 2]) };
    replaceInPolygon(
      new EditRecorder(mask),
      [
        { x: 0, y: 0 },
        { x: 5, y: 0 },
        { x: 5, y: 1 },
        { x: 0, y: 1 },
      ],
      2,
      3,
    );
    expect([...mask.data]).toEqual([1, 3, 1, 3, 1, 2, 1, 2, 1, 2]);
  });
});
