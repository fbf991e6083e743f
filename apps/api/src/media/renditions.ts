import { UPLOAD_PREVIEW_SIDE } from '@hullscope/contract';
import sharp from 'sharp';
import { ImageRejectedError } from './image-rejected.js';
import { type QualityMetrics, measureQuality } from './quality/measure-quality.js';
import type { OpenImageOptions, OpenedImage } from './open-image.js';

export const THUMBNAIL_SIDE = 320;
export const PREVIEW_SIDE = UPLOAD_PREVIEW_SIDE;

/**
 * How an upload opens its original: a 12 MP JPEG's preview is its half-size decode (2016 px), see
 * open-image.ts. Its longest side is then at most PREVIEW_SIDE and at least 95 % of it.
 */
export const UPLOAD_OPEN_OPTIONS: OpenImageOptions = { previewSide: PREVIEW_SIDE };

export interface UploadRenditions {
  /** A browser-friendly JPEG of the whole image (longest side ≤ PREVIEW_SIDE), for GET …/image/{id}/. */
  preview: Buffer;
  thumbnail: Buffer;
  /** Measured from the same pixels, so judging a photo's quality costs no second decode. */
  quality: QualityMetrics;
  /**
   * The decoded pixels the three are made from, transparency flattened on white (the upload makes
   * the standard model input from them, standard-input.ts).
   */
  pixels: RgbImage;
}

/**
 * The original decoded once to at most PREVIEW_SIDE (this is where a truncated or corrupt file is
 * caught; a JPEG opened with UPLOAD_OPEN_OPTIONS may decode at half size, which still reads all of
 * it), transparency flattened on `background`. Reduced with libvips' linear kernel, as resizeToRgb
 * is: invisibly different from lanczos3 and cheaper.
 */
export async function decodeToPreviewPixels(image: sharp.Sharp, background: string): Promise<RgbImage> {
  try {
    const { data, info } = await image
      .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside', withoutEnlargement: true, kernel: 'linear' })
      .flatten({ background })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new ImageRejectedError('the image is damaged or incomplete and cannot be decoded');
  }
}

/**
 * Decodes the whole original once, to the preview's pixels, and makes the preview and the thumbnail
 * from those pixels, so no JPEG is decoded twice. The thumbnail keeps lanczos3, since at its larger
 * reduction linear is visibly softer (figures: docs/benchmarks.md, bench:api).
 */
export async function makeUploadRenditions(image: sharp.Sharp): Promise<UploadRenditions> {
  const pixels = await decodeToPreviewPixels(image, '#ffffff');
  const raw = { raw: { width: pixels.width, height: pixels.height, channels: 3 as const } };
  const [preview, thumbnail, quality] = await Promise.all([
    // libjpeg-turbo's own encoder without optimised Huffman tables: mozjpeg or optimised tables
    // cost more than the decode for a slightly smaller file. The thumbnail keeps them: it is small,
    // and sent in every list.
    sharp(pixels.data, raw).jpeg({ quality: 85, optimiseCoding: false }).toBuffer(),
    sharp(pixels.data, raw)
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer(),
    measureQuality(pixels),
  ]);
  return { preview, thumbnail, quality, pixels };
}

export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Resizes an opened original so its longer side is at most `maxSide` (never upscaling) to 8-bit RGB
 * pixels. The size is worked out from the original's own, so it is the same however the file was
 * decoded (a JPEG may decode at half size, see openImage). This runs on every image predicted at any
 * resolution but the standard one (which reads the upload's decode, standard-input.ts), so it
 * uses libvips' linear (triangle) reduction rather than its default lanczos3: from a 12 MP photo
 * decoded at full size the result differed from lanczos3's by 53 dB PSNR at 1920 px and 45 dB at
 * 800 px (invisible; a JPEG at quality 90 is near 40 dB), for ~25 core-ms less per Full HD image.
 */
export async function resizeToRgb(opened: OpenedImage, maxSide: number): Promise<RgbImage> {
  const size = fitInside(opened.width, opened.height, maxSide);
  const { data, info } = await opened.image
    .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
    .flatten({ background: '#000000' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Plain JPEG with the standard Huffman tables: this runs on every predicted image, and mozjpeg or
 * optimised tables cost several times the time for files only a little smaller.
 */
export function encodeJpeg(rgb: RgbImage, quality = 90): Promise<Buffer> {
  return sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .jpeg({ quality, optimiseCoding: false })
    .toBuffer();
}

/** The size that fits `width` × `height` inside `side` × `side` (never enlarged), as sharp would round it. */
export function fitInside(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The size that fits `width` × `height` inside a thumbnail (never enlarged), as sharp would round it. */
export function thumbnailSize(width: number, height: number): { width: number; height: number } {
  return fitInside(width, height, THUMBNAIL_SIDE);
}

/**
 * The photo layer of the prediction's thumbnail: the photo shrunk to the thumbnail's size. It needs
 * only the photo, so the pipeline starts it before the model runs (predict-image.ts).
 */
export async function thumbnailPhoto(photo: RgbImage): Promise<RgbImage> {
  const { width, height } = thumbnailSize(photo.width, photo.height);
  const data = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/**
 * The prediction's thumbnail from its two layers at the same size: the mask (smallColourMask) at
 * half opacity over the shrunk photo (thumbnailPhoto), as the viewer shows it; blending small is far
 * cheaper than at full size. The blend is a plain average of the two layers' bytes, done here:
 * libvips' composite (alpha, premultiplied, floating point) costs more for the same picture within
 * JPEG noise.
 */
export async function blendThumbnail(smallPhoto: RgbImage, smallMask: RgbImage): Promise<Buffer> {
  const { width, height } = smallMask;
  if (smallPhoto.width !== width || smallPhoto.height !== height) {
    throw new Error(
      `the thumbnail's layers differ in size: ${smallPhoto.width}x${smallPhoto.height}, ${width}x${height}`,
    );
  }
  // A copy: the shrunk photo stays as it was for anyone else holding it.
  const blended = Buffer.from(smallPhoto.data);
  for (let index = 0; index < blended.length; index += 1) {
    blended[index] = (blended[index]! + smallMask.data[index]! + 1) >> 1;
  }
  return sharp(blended, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * The prediction's thumbnail in one step: `photo` at any size, `smallMask` already at
 * `thumbnailSize` of it (see smallColourMask).
 */
export async function overlayThumbnail(photo: RgbImage, smallMask: RgbImage): Promise<Buffer> {
  return blendThumbnail(await thumbnailPhoto(photo), smallMask);
}
