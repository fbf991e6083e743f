import sharp from 'sharp';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import type { Storage } from '../../storage/storage.js';

/** Pixels of the longer side of a report figure: sharp at the 250 pt the page gives it (about 170 dpi). */
export const FIGURE_SIDE = 600;
/** How strongly the class colours cover the photo in the overlay, as the viewer's default. */
const OVERLAY_OPACITY = 0.5;

export interface ReportFigures {
  /** The photo as analysed (ORG), reduced, JPEG. */
  original: Buffer;
  /** The same with the class map (PRED) over it in the class colours, JPEG. */
  overlay: Buffer;
}

/**
 * One image's two figures for the report, made from its stored ORG and PRED and reduced to
 * FIGURE_SIDE, so a report's size and the memory it takes grow with the page count, not with the
 * resolution the images were analysed at.
 */
export async function reportFigures(
  storage: Storage,
  predictionPrefix: string,
  maskPrefix: string = predictionPrefix,
): Promise<ReportFigures> {
  const [org, pred] = await Promise.all([
    storage.getBuffer(storageKeys.file(predictionPrefix, predictionFiles.org)),
    storage.getBuffer(storageKeys.file(maskPrefix, predictionFiles.pred)),
  ]);
  const photo = await sharp(org)
    .resize(FIGURE_SIDE, FIGURE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = photo.info;
  // The class map is the size of ORG: nearest neighbour keeps its classes' colours unmixed.
  const mask = await sharp(pred)
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .removeAlpha()
    .ensureAlpha(OVERLAY_OPACITY)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const raw = { raw: { width, height, channels: photo.info.channels } } as const;
  const [original, overlay] = await Promise.all([
    sharp(photo.data, raw).jpeg({ quality: 80 }).toBuffer(),
    sharp(photo.data, raw)
      .composite([{ input: mask }])
      .jpeg({ quality: 80 })
      .toBuffer(),
  ]);
  return { original, overlay };
}
