import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { decodeColourMask, decodeIndexPng, encodeIndexPng } from './index-png';

describe('index PNG', () => {
  it('round-trips every class index exactly at Full HD', () => {
    const width = 1920;
    const height = 1080;
    const data = new Uint8Array(width * height).map((_, index) => (index * 7919) % 6);
    const bytes = encodeIndexPng({ width, height, data });
    expect([...bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const back = decodeIndexPng(bytes);
    expect(back.width).toBe(width);
    expect(back.height).toBe(height);
    // Compared as one block: element-wise toEqual over two million values takes seconds.
    expect(Buffer.compare(back.data, data)).toBe(0);
  });

  it('reads the viewer’s colour mask as class indexes by colour', () => {
    const colours = ['#000000', '#ff0000', '#00ff00'];
    const rgb = Uint8Array.from([0, 0, 0, 255, 0, 0, 0, 255, 0, 255, 0, 0]);
    const png = encode({ width: 4, height: 1, data: rgb, channels: 3, depth: 8 });
    expect([...decodeColourMask(png, colours).data]).toEqual([0, 1, 2, 1]);
    const indexed = encode({
      width: 3,
      height: 1,
      data: Uint8Array.from([1, 0, 1]),
      channels: 1,
      depth: 8,
      palette: [
        [0, 255, 0],
        [255, 0, 0],
      ],
    });
    expect([...decodeColourMask(indexed, colours).data]).toEqual([1, 2, 1]);
  });
});
