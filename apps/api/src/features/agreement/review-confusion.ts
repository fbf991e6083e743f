import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import { readStoredMask } from '../mask-versions/mask-png.js';

/** `[model class, reviewer class, pixels]` for every pair of classes that meet on at least one pixel. */
export type ConfusionCells = [number, number, number][];

/** How the model's mask and a reviewed one of the same size compare, pixel by pixel. */
export function countConfusion(model: Uint8Array, reviewed: Uint8Array): ConfusionCells {
  const counts = new Uint32Array(256 * 256);
  for (let pixel = 0; pixel < model.length; pixel += 1) counts[(model[pixel]! << 8) | reviewed[pixel]!]! += 1;
  const cells: ConfusionCells = [];
  for (let cell = 0; cell < counts.length; cell += 1) {
    if (counts[cell]! > 0) cells.push([cell >> 8, cell & 0xff, counts[cell]!]);
  }
  return cells;
}

/** The prediction's model mask against its newest version, read from storage (one or two decodes). */
export async function readConfusion(
  storage: Storage,
  prediction: { storage_prefix: string; mask_prefix: string | null },
): Promise<ConfusionCells> {
  const model = readStoredMask(
    await storage.getBuffer(storageKeys.file(prediction.storage_prefix, predictionFiles.pred)),
  );
  const reviewed =
    prediction.mask_prefix === null
      ? model
      : readStoredMask(
          await storage.getBuffer(storageKeys.file(currentMaskPrefix(prediction), predictionFiles.pred)),
        );
  return countConfusion(model, reviewed);
}

/** Stored counts of a prediction; the row names the mask version they were counted against. */
export function reviewConfusionRepository(db: Kysely<DB>) {
  return {
    async store(predictionId: number, maskVersion: number, cells: ConfusionCells): Promise<void> {
      const values = { mask_version: maskVersion, confusion: JSON.stringify(cells) };
      await db
        .insertInto('review_confusion')
        .values({ prediction_id: predictionId, ...values })
        .onConflict((conflict) => conflict.column('prediction_id').doUpdateSet(values))
        .execute();
    },

    async versionOf(predictionId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('review_confusion')
        .select('mask_version')
        .where('prediction_id', '=', predictionId)
        .executeTakeFirst();
      return row?.mask_version;
    },
  };
}

/**
 * Counts and stores a reviewed prediction's confusion unless counts of its current version are
 * stored already: what accepting a photo costs once, so the agreement figures never decode it.
 */
export async function storeConfusionIfMissing(
  db: Kysely<DB>,
  storage: Storage,
  prediction: { id: number; storage_prefix: string; mask_prefix: string | null; mask_version: number },
): Promise<void> {
  const repository = reviewConfusionRepository(db);
  if ((await repository.versionOf(prediction.id)) === prediction.mask_version) return;
  await repository.store(prediction.id, prediction.mask_version, await readConfusion(storage, prediction));
}
