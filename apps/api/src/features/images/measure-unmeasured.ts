import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { openImage } from '../../media/open-image.js';
import { UPLOAD_OPEN_OPTIONS, makeUploadRenditions } from '../../media/renditions.js';
import type { Storage } from '../../storage/storage.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';
import { contentVersionsRepository } from '../projects/content-versions.repository.js';
import { imagesRepository } from './images.repository.js';

/** Images read from the database at a time: their originals are read one by one. */
const BATCH = 100;

export interface MeasuredImages {
  measured: number;
  /** `<id> <name>: <why>` for each image whose original could not be read or decoded. */
  failed: string[];
}

/**
 * Measures the quality of every image uploaded before it was measured (issue 46), from its
 * original, decoded exactly as an upload decodes it, so the figures are those an upload of the same
 * file records. An image whose original is missing or no longer decodes is reported and left
 * unmeasured (it keeps counting in ratings).
 */
export async function measureUnmeasuredImages(
  db: Kysely<DB>,
  storage: Storage,
  maxPixels: number,
  onProgress: (done: number) => void = () => undefined,
): Promise<MeasuredImages> {
  const images = imagesRepository(db);
  const result: MeasuredImages = { measured: 0, failed: [] };
  let afterId = 0;
  for (;;) {
    const batch = await images.listUnmeasured(afterId, BATCH);
    if (batch.length === 0) return result;
    for (const image of batch) {
      afterId = image.id;
      try {
        // From its file, as an upload reads it: libvips takes a JPEG's reduced-size decode from the
        // file name (openImage), so the metrics are those an upload measures.
        const { quality } = await storage.withFile(
          storageKeys.file(image.storage_prefix, imageFiles.original(image.format)),
          async (file) => makeUploadRenditions((await openImage(file, maxPixels, UPLOAD_OPEN_OPTIONS)).image),
        );
        // The project's image answers carry the grade (and judge confidence by it): their ETags move.
        await db.transaction().execute(async (trx) => {
          if (await imagesRepository(trx).setQuality(image.id, quality))
            await contentVersionsRepository(trx).raise(image.project_id, 'images');
        });
        result.measured += 1;
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        result.failed.push(`${image.id} ${image.name}: ${why}`);
      }
      onProgress(result.measured + result.failed.length);
    }
  }
}
