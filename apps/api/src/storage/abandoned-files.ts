import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * How long a temporary file must have gone unwritten before a start-up sweep takes it for abandoned:
 * no storage write or upload in progress lasts this long, even in another process sharing the folder.
 */
export const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

export interface TemporaryFiles {
  dir: string;
  /** Which file names in `dir` (at any depth) are temporary. */
  isTemporary: (fileName: string) => boolean;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Removes the temporary files under `place` last written before `olderThan`; returns how many. */
export async function removeAbandonedFiles(place: TemporaryFiles, olderThan: Date): Promise<number> {
  let entries;
  try {
    entries = await readdir(place.dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !place.isTemporary(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    try {
      if ((await stat(file)).mtimeMs >= olderThan.getTime()) continue;
      await rm(file);
      removed += 1;
    } catch (error) {
      // Gone meanwhile: its writer renamed or removed it.
      if (!isMissing(error)) throw error;
    }
  }
  return removed;
}

/**
 * A process killed while writing leaves its temporary files (a stored file's `.part`, a staged
 * upload) behind: run at start-up, this removes those older than ABANDONED_AFTER_MS. It logs rather
 * than throws: leftovers cost only disk space, never correctness.
 */
export async function sweepAbandonedFiles(places: TemporaryFiles[], log: FastifyBaseLogger): Promise<void> {
  const olderThan = new Date(Date.now() - ABANDONED_AFTER_MS);
  try {
    let removed = 0;
    for (const place of places) removed += await removeAbandonedFiles(place, olderThan);
    if (removed > 0) log.info({ removed }, 'removed temporary files left by an earlier crash');
  } catch (error) {
    log.warn({ err: error }, 'could not remove temporary files left by an earlier crash');
  }
}
