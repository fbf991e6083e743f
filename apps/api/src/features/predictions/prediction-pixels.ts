import { openImage } from '../../media/open-image.js';
import { type RgbImage, resizeToRgb } from '../../media/renditions.js';
import { STANDARD_SIDE, decodeStandardInput, keptStandardInput } from '../../media/standard-input.js';
import { isMissing } from '../../storage/fs-errors.js';
import type { Storage } from '../../storage/storage.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';

export interface StoredImage {
  prefix: string;
  format: string;
  /** The original's size, oriented. */
  width: number;
  height: number;
}

export interface PredictionPixels {
  rgb: RgbImage;
  /** Whether they are the input the upload kept, which the caller deletes once the result is recorded. */
  kept: boolean;
}

/** The upload's standard input of `image`, undefined where there is none usable. */
async function readKeptInput(storage: Storage, image: StoredImage): Promise<RgbImage | undefined> {
  try {
    const bytes = await storage.getBuffer(storageKeys.file(image.prefix, imageFiles.standardInput));
    return keptStandardInput(bytes, image);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * The pixels a prediction at `maxSide` reads for one image. At the standard resolution, the input
 * its upload kept, or else the original decoded the same way (standard-input.ts); at any other, the
 * original resized. The original is read from its file, not loaded whole: libvips decodes as it
 * reads (a large JPEG at a reduced size, see openImage), so it never sits whole in memory.
 */
export async function predictionPixels(
  storage: Storage,
  image: StoredImage,
  maxSide: number,
  maxPixels: number,
): Promise<PredictionPixels> {
  const originalKey = storageKeys.file(image.prefix, imageFiles.original(image.format));
  if (maxSide === STANDARD_SIDE) {
    const kept = await readKeptInput(storage, image);
    if (kept) return { rgb: kept, kept: true };
    const rgb = await storage.withFile(originalKey, (file) => decodeStandardInput(file, maxPixels));
    return { rgb, kept: false };
  }
  const rgb = await storage.withFile(originalKey, async (file) =>
    resizeToRgb(await openImage(file, maxPixels, { fitSide: maxSide }), maxSide),
  );
  return { rgb, kept: false };
}

/** Deletes the upload's standard input of the image under `prefix`, once a recorded result has used it. */
export function deleteKeptInput(storage: Storage, prefix: string): Promise<void> {
  return storage.deletePrefix(storageKeys.file(prefix, imageFiles.standardInputFolder));
}
