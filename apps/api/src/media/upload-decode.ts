import { openImage } from './open-image.js';
import {
  type RgbImage,
  UPLOAD_OPEN_OPTIONS,
  type UploadRenditions,
  makeUploadRenditions,
} from './renditions.js';
import { standardInputFromPreview } from './standard-input.js';

export interface DecodedUpload {
  format: string;
  /** Of the original after EXIF orientation. */
  width: number;
  height: number;
  /** Without the decoded pixels: an upload of many files holds every file's renditions at once. */
  renditions: Omit<UploadRenditions, 'pixels'>;
  /** The model's input at the standard resolution; none for an image that may be transparent. */
  standardInput: RgbImage | undefined;
}

/**
 * One uploaded file decoded once (a damaged one is refused here): its renditions, and the model's
 * input at the standard resolution from the same pixels. The preview's pixels are flattened on white
 * and the model's input on black, so the input is kept only where nothing can be transparent.
 */
export async function decodeUpload(file: string, maxPixels: number): Promise<DecodedUpload> {
  const opened = await openImage(file, maxPixels, UPLOAD_OPEN_OPTIONS);
  const { pixels, ...renditions } = await makeUploadRenditions(opened.image);
  const standardInput = opened.hasAlpha ? undefined : await standardInputFromPreview(pixels, opened);
  return { format: opened.format, width: opened.width, height: opened.height, renditions, standardInput };
}
