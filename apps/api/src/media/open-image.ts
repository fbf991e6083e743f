import { readFile } from 'node:fs/promises';
import heicDecode from 'heic-decode';
import sharp from 'sharp';
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
}

function isAccepted(format: string | undefined): format is OpenedImage['format'] {
  return (ACCEPTED_FORMATS as readonly string[]).includes(format ?? '');
}

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 1e5) / 10} MP`;
}

export interface OpenImageOptions {
  /**
   * The longest side the image will be resized to fit. A JPEG file then decodes at the smallest of
   * libjpeg's 1/8, 1/4 and 1/2 scales that still covers it (see jpegFileAtScale).
   */
  fitSide?: number;
}

/**
 * libjpeg decodes at 1/2, 1/4 or 1/8 of the size for much less work (it scales in the DCT domain).
 * sharp asks for that itself only for reductions of 3× and more: from 2× to 3×, as from a 12 MP
 * photo to Full HD, it decodes the full size, avoiding a rounding that matters for exact output sizes
 * and not for the resize to `fitSide` that follows here. libvips takes the scale in the file's name,
 * so only a file path can have it (a name with brackets of its own is left alone). From the bench's
 * 4032 × 3024 photo to 1920 px: ~64 instead of ~78 core-ms, 50.7 dB from a full-size lanczos3
 * resize (the full-size linear one used before: 53.1 dB).
 */
function jpegFileAtScale(file: string, longestSide: number, fitSide: number): string {
  const shrink = [8, 4, 2].find((factor) => Math.ceil(longestSide / factor) >= fitSide);
  return shrink && !file.includes('[') ? `${file}[shrink=${shrink}]` : file;
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
  } catch {
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
  const turned = (metadata.orientation ?? 1) >= 5;
  const oriented = { width: turned ? height : width, height: turned ? width : height };

  if (metadata.format === 'heif' && metadata.compression === 'hevc') {
    return { ...(await openHevc(input)), format: 'heif' };
  }
  const source =
    typeof input === 'string' && metadata.format === 'jpeg' && options.fitSide
      ? jpegFileAtScale(input, Math.max(width, height), options.fitSide)
      : input;
  const image = sharp(source, { limitInputPixels: maxPixels, failOn: 'warning' }).rotate();
  return { image, format: metadata.format, ...oriented };
}

async function openHevc(input: string | Buffer): Promise<Omit<OpenedImage, 'format'>> {
  try {
    const decoded = await heicDecode({ buffer: typeof input === 'string' ? await readFile(input) : input });
    const image = sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
    return { image, width: decoded.width, height: decoded.height };
  } catch {
    throw new ImageRejectedError('the HEIC image is damaged or incomplete');
  }
}
