import { deflateSync } from 'node:zlib';
import type * as fastPng from 'fast-png';
import { decode } from 'fast-png';
import { describe, expect, it, vi } from 'vitest';
import { readMaskPng } from '../../../src/features/mask-versions/mask-png.js';
import { encodeIndexedPng } from '../../../src/media/indexed-png.js';

// The decoder inflates without a bound: the bomb must be refused before it is called.
vi.mock('fast-png', async (importOriginal) => {
  const original = await importOriginal<typeof fastPng>();
  return { ...original, decode: vi.fn(original.decode) };
});

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  // The CRC is not checked before the bound: a zero keeps the test about the size alone.
  return Buffer.concat([head, data, Buffer.alloc(4)]);
}

/** An 8-bit greyscale PNG of width × height whose image data inflates to `rawBytes` zero bytes. */
function greyPng(width: number, height: number, rawBytes: number, interlaced = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  ihdr[12] = interlaced ? 1 : 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(rawBytes), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('reading an uploaded mask PNG', () => {
  it('refuses image data that inflates past the mask size before decoding it (a compression bomb)', () => {
    // 256 MB of zeros deflate to about 250 kB: the bound stops inflating at the mask's 9,616 bytes.
    const bomb = greyPng(400, 24, 256 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(400_000);
    vi.mocked(decode).mockClear();
    expect(() => readMaskPng(bomb, 400, 24, 4)).toThrow(
      expect.objectContaining({ statusCode: 400, body: { mask: ['The mask is not a PNG file.'] } }),
    );
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses an interlaced PNG with a message saying so', () => {
    expect(() => readMaskPng(greyPng(8, 4, 4 * 9, true), 8, 4, 4)).toThrow(
      expect.objectContaining({
        body: { mask: ['The mask is an interlaced PNG; save it without interlacing.'] },
      }),
    );
  });

  it('reads a mask with ancillary chunks as the class indexes it holds', async () => {
    const indexes = Uint8Array.from({ length: 8 * 4 }, (_, pixel) => pixel % 4);
    const png = await encodeIndexedPng(
      indexes,
      8,
      4,
      Uint8Array.from({ length: 12 }, (_, i) => i * 20),
    );
    // A text chunk after IHDR, as some editors write one.
    const withText = Buffer.concat([
      png.subarray(0, 33),
      chunk('tEXt', Buffer.from('Software\0x')),
      png.subarray(33),
    ]);
    vi.mocked(decode).mockClear();
    expect(Array.from(readMaskPng(withText, 8, 4, 4))).toEqual(Array.from(indexes));
    expect(decode).toHaveBeenCalledTimes(1);
  });
});
