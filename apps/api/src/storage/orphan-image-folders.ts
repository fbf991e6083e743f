import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ABANDONED_AFTER_MS, type SweepResult } from './abandoned-files.js';

/** What the sweep needs to know of the images table (see imagesRepository). */
export interface ImageRowLookup {
  existingIds(owner: number, projectId: number, imageIds: number[]): Promise<Set<number>>;
  highestId(): Promise<number>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The numeric sub-folders of `dir` (ids), none if it does not exist. */
async function idFolders(dir: string): Promise<number[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return entries.filter((e) => e.isDirectory() && /^\d+$/.test(e.name)).map((e) => Number(e.name));
}

/** The latest modification time of `dir` and of everything under it. */
async function lastChange(dir: string): Promise<number> {
  let latest = (await stat(dir)).mtimeMs;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    const changed = entry.isDirectory() ? await lastChange(entryPath) : (await stat(entryPath)).mtimeMs;
    latest = Math.max(latest, changed);
  }
  return latest;
}

/**
 * Removes image folders (`users/<owner>/projects/<project>/images/<id>` under the storage root) that
 * no image row owns: what a process killed between writing an upload's files and committing its
 * rows leaves, or a project delete whose file removal failed after its rows were gone.
 *
 * A folder is only removed when all of this holds, so an upload still writing is never touched:
 * - no row has its id in that owner's project;
 * - its id is below the highest committed image id: ids under it are never handed out again
 *   (PostgreSQL sequences never go back; SQLite's AUTOINCREMENT only reuses ids above it, and an
 *   upload clears its folder before writing, see uploadImages), so the newest orphan waits for
 *   the next upload;
 * - nothing in it changed after `olderThan`.
 * One project folder at a time; stops between folders once `signal` is aborted.
 */
export async function removeOrphanImageFolders(
  storageRoot: string,
  images: ImageRowLookup,
  olderThan: Date,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, failed: 0 };
  const highestId = await images.highestId();
  const usersDir = path.join(storageRoot, 'users');
  for (const owner of await idFolders(usersDir)) {
    const projectsDir = path.join(usersDir, String(owner), 'projects');
    for (const projectId of await idFolders(projectsDir)) {
      if (signal?.aborted) return result;
      const imagesDir = path.join(projectsDir, String(projectId), 'images');
      try {
        const candidates = (await idFolders(imagesDir)).filter((id) => id < highestId);
        const owned = await images.existingIds(owner, projectId, candidates);
        for (const imageId of candidates.filter((id) => !owned.has(id))) {
          const folder = path.join(imagesDir, String(imageId));
          try {
            if ((await lastChange(folder)) >= olderThan.getTime()) continue;
            await rm(folder, { recursive: true });
            result.removed += 1;
          } catch (error) {
            if (!isMissing(error)) result.failed += 1;
          }
        }
      } catch (error) {
        if (!isMissing(error)) result.failed += 1;
      }
    }
  }
  return result;
}

/** Start-up: removes orphan image folders last changed ABANDONED_AFTER_MS ago or earlier; logs, never throws. */
export async function sweepOrphanImageFolders(
  storageRoot: string,
  images: ImageRowLookup,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<void> {
  try {
    const olderThan = new Date(Date.now() - ABANDONED_AFTER_MS);
    const { removed, failed } = await removeOrphanImageFolders(storageRoot, images, olderThan, signal);
    if (removed > 0) log.info({ removed }, 'removed image folders that no image owns');
    if (failed > 0) log.warn({ failed }, 'some image folders could not be checked or removed');
  } catch (error) {
    log.warn({ err: error }, 'could not sweep image folders that no image owns');
  }
}
