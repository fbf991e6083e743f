import { measureUnmeasuredImages } from '../features/images/measure-unmeasured.js';
import { createStorage } from '../storage/create-storage.js';
import type { AdminContext } from './admin-context.js';

/** How often the back-fill reports progress, in images. */
const PROGRESS_EVERY = 500;

/** `measure-quality`: the photo quality of images uploaded before it was measured (migration 0017). */
export async function measureQuality({ config, db }: AdminContext): Promise<void> {
  const storage = createStorage(config.storage, config.uploads.tempDir);
  const { measured, failed } = await measureUnmeasuredImages(
    db,
    storage,
    config.uploads.maxPixels,
    (done) => {
      if (done % PROGRESS_EVERY === 0) console.error(`${done} images…`);
    },
  );
  for (const line of failed) console.error(`Not measured: ${line}`);
  console.log(
    `Measured the quality of ${measured} image${measured === 1 ? '' : 's'}` +
      (failed.length > 0 ? `; ${failed.length} could not be read (listed above).` : '.'),
  );
}
