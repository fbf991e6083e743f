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
  /** Whether its upload's model input at the standard resolution is kept (images.standard_input_kept). */
  standardInputKept: boolean;
}

export interface PredictionPixels {
  rgb: RgbImage;
  /**
   * Whether the kept input should be released now (kept-standard-input.ts): it was used, or it is
   * there but unusable.
   */
  releaseKept: boolean;
}

/**
 * The upload's standard input of `image`, undefined where it cannot be read or is not of the
 * standard size; the original is read instead. A failure to read it is reported, not thrown: the
 * original can still be predicted.
 */
async function readKeptInput(
  storage: Storage,
  image: StoredImage,
  onReadError: (error: unknown) => void,
): Promise<RgbImage | undefined> {
  try {
    const bytes = await storage.getBuffer(storageKeys.file(image.prefix, imageFiles.standardInput));
    return keptStandardInput(bytes, image);
  } catch (error) {
    if (!isMissing(error)) onReadError(error);
    return undefined;
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
  onReadError: (error: unknown) => void = () => undefined,
): Promise<PredictionPixels> {
  const originalKey = storageKeys.file(image.prefix, imageFiles.original(image.format));
  if (maxSide === STANDARD_SIDE) {
    const kept = image.standardInputKept ? await readKeptInput(storage, image, onReadError) : undefined;
    if (kept) return { rgb: kept, releaseKept: true };
    const rgb = await storage.withFile(originalKey, (file) => decodeStandardInput(file, maxPixels));
    return { rgb, releaseKept: image.standardInputKept };
  }
  const rgb = await storage.withFile(originalKey, async (file) =>
    resizeToRgb(await openImage(file, maxPixels, { fitSide: maxSide }), maxSide),
  );
  return { rgb, releaseKept: false };
}
