import { describe, expect, it } from 'vitest';
import { stampDisc, strokeSegment } from './brush';
import { EditRecorder, type IndexMask } from './mask-edit';

const blank = (width: number, height: number): IndexMask => ({
  width,
  height,
  data: new Uint8Array(width * height),
});
const count = (mask: IndexMask, value: number) => mask.data.filter((v) => v === value).length;

describe('round brush', () => {
  it('paints a disc whose area matches its diameter, symmetric about its centre', () => {
    const mask = blank(64, 64);
    stampDisc(new EditRecorder(mask), 32, 32, 20, { kind: 'class', value: 3 });
    expect(Math.abs(count(mask, 3) - Math.PI * 100)).toBeLessThan(0.03 * Math.PI * 100);
    for (let y = 0; y < 64; y += 1) {
      for (let x = 0; x < 64; x += 1) {
        expect(mask.data[y * 64 + x]).toBe(mask.data[(63 - y) * 64 + (63 - x)]);
      }
    }
    expect(mask.data[32 * 64 + 32]).toBe(3);
    expect(mask.data[32 * 64 + 45]).toBe(0);
  });

  it('paints exactly one pixel at diameter 1 and clips at the edges', () => {
    const mask = blank(8, 8);
    stampDisc(new EditRecorder(mask), 2.5, 2.5, 1, { kind: 'class', value: 1 });
    expect(count(mask, 1)).toBe(1);
    expect(mask.data[2 * 8 + 2]).toBe(1);
    stampDisc(new EditRecorder(mask), 0, 0, 6, { kind: 'class', value: 2 });
    expect(mask.data[0]).toBe(2);
    expect(count(mask, 2)).toBeLessThan(Math.PI * 9);
  });

  it('leaves no gaps along a fast stroke and records each changed pixel once', () => {
    const mask = blank(200, 20);
    const recorder = new EditRecorder(mask);
    strokeSegment(recorder, { x: 5, y: 10 }, { x: 195, y: 10 }, 6, { kind: 'class', value: 4 });
    for (let x = 5; x < 195; x += 1) expect(mask.data[10 * 200 + x]).toBe(4);
    const edit = recorder.finish();
    expect(edit.indexes.length).toBe(count(mask, 4));
    expect(new Set(edit.indexes).size).toBe(edit.indexes.length);
    expect(recorder.dirty.left).toBeGreaterThanOrEqual(1);
    expect(recorder.dirty.right).toBeLessThanOrEqual(199);
  });

  it('restore puts back the model’s own label', () => {
    const original = new Uint8Array(16 * 16).map((_, index) => index % 3);
    const mask: IndexMask = { width: 16, height: 16, data: new Uint8Array(256).fill(5) };
    stampDisc(new EditRecorder(mask), 8, 8, 6, { kind: 'restore', original });
    expect(mask.data[8 * 16 + 8]).toBe(original[8 * 16 + 8]);
    expect(mask.data[0]).toBe(5);
  });
});
