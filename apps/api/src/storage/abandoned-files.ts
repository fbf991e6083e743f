import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isMissing } from './fs-errors.js';

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

export interface SweepResult {
  removed: number;
  /** Folders or files that could not be read or removed (other than ones gone meanwhile). */
  failed: number;
}

/**
 * Removes the temporary files under `place` last written before `olderThan`, one folder at a time
 * (a large store is never listed whole). A folder or file that vanishes meanwhile (a delete running
 * at the same time) is skipped; one that cannot be read or removed is counted and skipped. Symbolic
 * links are neither followed nor removed. Stops between folders once `signal` is aborted.
 */
export async function removeAbandonedFiles(
  place: TemporaryFiles,
  olderThan: Date,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, failed: 0 };
  const folders = [place.dir];
  for (let folder = folders.pop(); folder !== undefined && !signal?.aborted; folder = folders.pop()) {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (!isMissing(error)) result.failed += 1;
      continue;
    }
    for (const entry of entries) {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(entryPath);
      else if (entry.isFile() && place.isTemporary(entry.name)) {
        try {
          if ((await stat(entryPath)).mtimeMs >= olderThan.getTime()) continue;
          await rm(entryPath);
          result.removed += 1;
        } catch (error) {
          // Gone meanwhile: its writer renamed or removed it.
          if (!isMissing(error)) result.failed += 1;
        }
      }
    }
  }
  return result;
}

/**
 * A process killed while writing leaves its temporary files (a stored file's `.part`, a staged
 * upload) behind: run at start-up, this removes those older than ABANDONED_AFTER_MS. It logs rather
 * than throws: leftovers cost only disk space, never correctness.
 */
export async function sweepAbandonedFiles(
  places: TemporaryFiles[],
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<void> {
  const olderThan = new Date(Date.now() - ABANDONED_AFTER_MS);
  for (const place of places) {
    try {
      const { removed, failed } = await removeAbandonedFiles(place, olderThan, signal);
      if (removed > 0)
        log.info({ dir: place.dir, removed }, 'removed temporary files left by an earlier crash');
      if (failed > 0) {
        log.warn({ dir: place.dir, failed }, 'some folders or temporary files could not be read or removed');
      }
    } catch (error) {
      log.warn({ err: error, dir: place.dir }, 'could not sweep temporary files left by an earlier crash');
    }
  }
}
