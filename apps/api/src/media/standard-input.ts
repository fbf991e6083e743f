import sharp from 'sharp';
import { openImage } from './open-image.js';
import { type RgbImage, UPLOAD_OPEN_OPTIONS, decodeToPreviewPixels, fitInside } from './renditions.js';

/** The standard resolution's longest side (migration 0002's first resolution). */
export const STANDARD_SIDE = 800;

/**
 * The model's input at the standard resolution, reduced from the pixels an upload decodes for its
 * preview. The upload keeps it (its decode then serves the first prediction too, which otherwise
 * decodes the original once more: docs/pipeline.md), and a prediction without it decodes the original
 * as the upload did (decodeStandardInput), so both give the same bytes. The size is worked out from
 * the original's, as resizeToRgb does.
 */
export async function standardInputFromPreview(
  preview: RgbImage,
  original: { width: number; height: number },
): Promise<RgbImage> {
  const size = fitInside(original.width, original.height, STANDARD_SIDE);
  const data = await sharp(preview.data, {
    raw: { width: preview.width, height: preview.height, channels: 3 },
  })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
  return { data, ...size };
}

/**
 * The standard input of an original whose upload kept none: decoded as the upload decodes it, with
 * transparency flattened on black, as the model always sees it. From its file, as the upload reads it:
 * libvips takes a JPEG's reduced-size decode from the file name (openImage).
 */
export async function decodeStandardInput(original: string, maxPixels: number): Promise<RgbImage> {
  const opened = await openImage(original, maxPixels, UPLOAD_OPEN_OPTIONS);
  return standardInputFromPreview(await decodeToPreviewPixels(opened.image, '#000000'), opened);
}

/**
 * The pixels of a kept standard input (raw RGB, no header: the size follows from the original's),
 * or undefined where the bytes cannot be that (a file from another version of this format).
 */
export function keptStandardInput(
  bytes: Buffer,
  original: { width: number; height: number },
): RgbImage | undefined {
  const size = fitInside(original.width, original.height, STANDARD_SIDE);
  return bytes.length === size.width * size.height * 3 ? { data: bytes, ...size } : undefined;
}
