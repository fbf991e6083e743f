import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { isoInSeconds } from '../../db/time.js';
import { repeatDaily } from '../../lib/repeat-daily.js';
import type { Storage } from '../../storage/storage.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';

/**
 * How long an upload's standard model input is kept when no prediction at standard uses it: a survey
 * is predicted within days of its upload, and an image never predicted at standard (a user who only
 * asks for Full HD) should not keep it for nothing.
 */
export const KEPT_INPUT_DAYS = 7;
/** Images released per query, so the sweep never holds a long list or a long statement. */
const BATCH = 200;

/** Deletes the upload's kept standard input of an image and records that it is gone. */
export async function releaseKeptInput(
  db: Kysely<DB>,
  storage: Storage,
  image: { id: number; prefix: string },
): Promise<void> {
  await storage.deletePrefix(storageKeys.file(image.prefix, imageFiles.standardInputFolder));
  await db.updateTable('images').set({ standard_input_kept: 0 }).where('id', '=', image.id).execute();
}

/** Releases the kept inputs of images uploaded more than KEPT_INPUT_DAYS ago; answers how many. */
export async function releaseStaleKeptInputs(db: Kysely<DB>, storage: Storage): Promise<number> {
  const before = isoInSeconds(-KEPT_INPUT_DAYS * 86_400);
  let released = 0;
  for (;;) {
    const images = await db
      .selectFrom('images')
      .select(['id', 'storage_prefix as prefix'])
      .where('standard_input_kept', '=', 1)
      .where('created_at', '<', before)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const image of images) await releaseKeptInput(db, storage, image);
    released += images.length;
    if (images.length < BATCH) return released;
  }
}

/** Releases stale kept inputs now and then daily, until `signal` aborts. */
export function keepReleasingStaleKeptInputs(
  db: Kysely<DB>,
  storage: Storage,
  log: FastifyBaseLogger,
  signal: AbortSignal,
): void {
  const run = () =>
    void releaseStaleKeptInputs(db, storage)
      .then((released) => {
        if (released > 0) log.info({ released }, 'stale kept standard inputs deleted');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'deleting stale kept standard inputs failed'));
  repeatDaily(run, signal);
}
