import type sharp from 'sharp';

/** Bytes per sample of each libvips band format, as sharp's metadata names them (`depth`). */
const BYTES_PER_SAMPLE: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * The most a decoded pixel may take, in bytes: an 8-bit RGBA pixel. So the decoded-size bound is
 * what the largest image the pixel limit accepts at 8 bits takes (400 MB at 100 MP), and 16-bit
 * images get half the pixels. Interlaced PNGs are decoded whole, at their own bit depth, before
 * anything can reduce them: at 16 bits and 100 MP that was 800 MB from a file of about 1 MB.
 */
export const MAX_DECODED_BYTES_PER_PIXEL = 4;

export interface DecodedSize {
  bytes: number;
  channels: number;
  bitsPerSample: number;
}

/** What the image takes once decoded, from its header: pixels × channels × bytes per sample. */
export function decodedSize(metadata: sharp.Metadata, width: number, height: number): DecodedSize {
  // Unknown formats count as the widest, so they can only be refused too early, never too late.
  const bytesPerSample = BYTES_PER_SAMPLE[metadata.depth ?? ''] ?? 16;
  const channels = metadata.channels ?? 4;
  return { bytes: width * height * channels * bytesPerSample, channels, bitsPerSample: bytesPerSample * 8 };
}
