import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import heicDecode from 'heic-decode';
import sharp from 'sharp';
import { MAX_DECODED_BYTES_PER_PIXEL, decodedSize } from './decoded-size.js';
import { ImageRejectedError } from './image-rejected.js';

// Every upload and prediction reads a different image, so libvips' operation cache (up to 50 MB by
// default) never hits; it only adds to peak memory. Every image enters through this module.
sharp.cache(false);

/** What underwater cameras and phones produce, as sharp names the formats. */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'heif'] as const;
const ACCEPTED_LIST = 'JPEG, PNG, WebP, TIFF or HEIC/HEIF';

export interface OpenedImage {
  /** The decoded original, EXIF orientation applied, ready for further sharp operations. */
  image: sharp.Sharp;
  format: (typeof ACCEPTED_FORMATS)[number];
  width: number;
  height: number;
  /** Whether it may hold transparency (an alpha channel; for HEVC HEIC, a pixel not fully opaque). */
  hasAlpha: boolean;
}

function isAccepted(format: string | undefined): format is OpenedImage['format'] {
  return (ACCEPTED_FORMATS as readonly string[]).includes(format ?? '');
}

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 1e5) / 10} MP`;
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1e6)} MB`;
}

export interface OpenImageOptions {
  /**
   * The longest side the image will be resized to fit. A JPEG file 2 to 3 times that size then
   * decodes at half size (see jpegFileAtHalfScale).
   */
  fitSide?: number;
  /**
   * The longest side a preview has at most, where a little less serves as well (the upload's
   * preview). A JPEG whose half size is just under it decodes at half size and is not resized
   * further (see jpegFileNearHalfScale).
   */
  previewSide?: number;
}

/**
 * libjpeg decodes at 1/2, 1/4 or 1/8 of the size for much less work (it scales in the DCT domain),
 * and sharp asks for that itself from a reduction of 3× on; from 2× to 3×, as from a 12 MP photo to
 * Full HD, it decodes the full size, avoiding a rounding that matters only when resizing to the
 * scaled size itself (resizeToRgb resizes to the size worked out from the original's). libvips takes
 * the scale from the end of the file name. Only that band is hinted: sharp's own shrink-on-load
 * reopens the file by its literal name, hint included, so it must find nothing left to shrink (a
 * half-size decode leaves under 1.5×). libvips rounds the halved size down. It saves CPU on every
 * phone photo for no visible change (docs/benchmarks.md, bench:predict).
 */
function jpegFileAtHalfScale(file: string, longestSide: number, fitSide: number): string {
  const halfCovers = Math.floor(longestSide / 2) >= fitSide;
  return halfCovers && longestSide < 3 * fitSide ? `${file}[shrink=2]` : file;
}

/**
 * The share of a preview's side a half-size decode may fall short of it. A 12 MP phone photo
 * (4032 × 3024) halves to 2016 px, 98 % of the 2048 px preview, and decoding it at half size is about
 * twice as fast for no visible change (docs/benchmarks.md, bench:api). A file smaller than that is
 * decoded whole.
 */
const PREVIEW_HALF_SCALE_MIN = 0.95;

/**
 * For the upload's preview: where the half size of a JPEG falls just short of `previewSide`, take it
 * as the preview's size (libjpeg scales in the DCT domain, reading every coefficient, so a damaged
 * file is still caught). From 2 × `previewSide` on, sharp halves (or more) by itself.
 */
function jpegFileNearHalfScale(file: string, longestSide: number, previewSide: number): string {
  const half = Math.floor(longestSide / 2);
  return half < previewSide && half >= PREVIEW_HALF_SCALE_MIN * previewSide ? `${file}[shrink=2]` : file;
}

function jpegSource(file: string, longestSide: number, options: OpenImageOptions): string {
  if (options.fitSide) return jpegFileAtHalfScale(file, longestSide, options.fitSide);
  if (options.previewSide) return jpegFileNearHalfScale(file, longestSide, options.previewSide);
  return file;
}

/**
 * Opens an original (a file path or its bytes) from its own header, never its name, and checks the
 * format and the pixel count before anything is decoded (a PNG claiming 100 000 × 100 000 pixels
 * stops here). HEVC-coded HEIC, which sharp's libvips cannot decode, goes through libheif compiled
 * to WebAssembly.
 * Decoding problems in the body surface when the returned pipeline runs (failOn: 'warning').
 */
export async function openImage(
  input: string | Buffer,
  maxPixels: number,
  options: OpenImageOptions = {},
): Promise<OpenedImage> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    // A file that is not there (deleted meanwhile) is not a bad image: its own error says so.
    if (typeof input === 'string' && !existsSync(input)) throw error;
    throw new ImageRejectedError(`not an image file we can read (accepted: ${ACCEPTED_LIST})`);
  }
  if (!isAccepted(metadata.format)) {
    throw new ImageRejectedError(
      `${metadata.format ?? 'this'} images are not accepted (accepted: ${ACCEPTED_LIST})`,
    );
  }
  const { width, height } = metadata;
  if (!width || !height) throw new ImageRejectedError('the image has no size');
  if (width * height > maxPixels) {
    throw new ImageRejectedError(
      `the image has ${width} × ${height} pixels (${megapixels(width * height)}); at most ${megapixels(maxPixels)} are accepted`,
    );
  }
  const decoded = decodedSize(metadata, width, height);
  const maxDecodedBytes = maxPixels * MAX_DECODED_BYTES_PER_PIXEL;
  if (decoded.bytes > maxDecodedBytes) {
    throw new ImageRejectedError(
      `the image has ${width} × ${height} pixels of ${decoded.channels} channels at ${decoded.bitsPerSample} bits, ` +
        `${megabytes(decoded.bytes)} once decoded; at most ${megabytes(maxDecodedBytes)} are accepted ` +
        `(save it with fewer pixels or 8 bits per channel)`,
    );
  }
  const turned = (metadata.orientation ?? 1) >= 5;
  const oriented = { width: turned ? height : width, height: turned ? width : height };

  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    return { ...(await openHevc(input)), format: 'heif' };
  }
  const source =
    typeof input === 'string' && metadata.format === 'jpeg'
      ? jpegSource(input, Math.max(width, height), options)
      : input;
  const image = sharp(source, { limitInputPixels: maxPixels, failOn: 'warning' }).rotate();
  // 16-bit and float images are reduced to 8 bits as they are read, not after resizing: every later
  // step then holds half the bytes or less, in less time, and the previews and model inputs are 8-bit
  // anyway. Only then, because it turns
  // off the JPEG and WebP shrink-on-load.
  if (decoded.bitsPerSample > 8) image.pipelineColourspace(isGrey(metadata.space) ? 'b-w' : 'srgb');
  return { image, format: metadata.format, ...oriented, hasAlpha: metadata.hasAlpha ?? false };
}

function isGrey(space: string | undefined): boolean {
  return space === 'b-w' || space === 'grey16';
}

/** Whether every pixel of RGBA bytes is fully opaque. */
function isOpaque(rgba: Uint8ClampedArray): boolean {
  for (let alpha = 3; alpha < rgba.length; alpha += 4) if (rgba[alpha] !== 255) return false;
  return true;
}

async function openHevc(input: string | Buffer): Promise<Omit<OpenedImage, 'format'>> {
  try {
    const decoded = await heicDecode({ buffer: typeof input === 'string' ? await readFile(input) : input });
    const image = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
    // libheif always answers RGBA; a phone's photo is opaque throughout.
    return { image, width: decoded.width, height: decoded.height, hasAlpha: !isOpaque(decoded.data) };
  } catch {
    throw new ImageRejectedError('the HEIC image is damaged or incomplete');
  }
}
