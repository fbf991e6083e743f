import sharp from 'sharp';
import type { Storage } from '../../storage/storage.js';

/** Wide enough for an A4 page at about 300 dpi; a 40-megapixel scan would bloat every report. */
const PRINT_WIDTH = 2400;

/** The stored GA drawing as a JPEG for the report's page: shrunk to print size, transparency on white. */
export async function printableGaDrawing(storage: Storage, key: string): Promise<Buffer> {
  return storage.withFile(key, (file) =>
    sharp(file)
      .resize({ width: PRINT_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}
