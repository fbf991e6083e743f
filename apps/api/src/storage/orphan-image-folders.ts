import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isMissing } from './fs-errors.js';
import { ABANDONED_AFTER_MS, type SweepResult } from './abandoned-files.js';
import { BINDING_FILE, type BindingLookup, storageBelongsToDatabase } from './storage-binding.js';

/** What the sweep needs to know of the images table (see imagesRepository). */
export interface ImageRowLookup {
  idsInProject(owner: number, projectId: number): Promise<Set<number>>;
  highestId(): Promise<number>;
}

/** Ids as storageKeys writes them: no sign, no leading zero, within integer range. */
const ID_NAME = /^[1-9]\d{0,15}$/;

interface IdFolder {
  id: number;
  dir: string;
}

/** The sub-folders of `dir` named as ids, none if it does not exist. */
async function idFolders(dir: string): Promise<IdFolder[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isDirectory() && ID_NAME.test(entry.name))
    .map((entry) => ({ id: Number(entry.name), dir: path.join(dir, entry.name) }))
    .filter((folder) => Number.isSafeInteger(folder.id));
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
 * Removes image folders (`users/<owner>/projects/<project>/images/<id>`, as storageKeys.image names
 * them) that no image row owns: what a process killed between writing an upload's files and
 * committing its rows leaves, or an image, project or account delete whose file removal failed after
 * its rows were gone. The caller makes sure the storage belongs to this database (storage-binding.ts).
 *
 * A folder is only removed when all of this holds:
 * - no row has its id in that owner's project;
 * - its id is below the highest committed image id. SQLite hands out again only ids above it (an
 *   upload clears its folder before writing, see uploadImages), so the newest orphan waits for the
 *   next upload;
 * - nothing under it changed after `olderThan`. This is what protects an upload still writing on
 *   PostgreSQL, whose uncommitted id can be below another upload's committed one.
 * One project at a time; a folder that cannot be read or removed is counted and skipped. Stops
 * between folders once `signal` is aborted.
 */
export async function removeOrphanImageFolders(
  storageRoot: string,
  images: ImageRowLookup,
  olderThan: Date,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, failed: 0 };
  if (signal?.aborted) return result;
  const highestId = await images.highestId();
  const owners = await idFolders(path.join(storageRoot, 'users'));
  for (const owner of owners) {
    let projects: IdFolder[];
    try {
      projects = await idFolders(path.join(owner.dir, 'projects'));
    } catch {
      result.failed += 1;
      continue;
    }
    for (const project of projects) {
      try {
        const candidates = (await idFolders(path.join(project.dir, 'images'))).filter(
          (folder) => folder.id < highestId,
        );
        if (candidates.length === 0) continue;
        const owned = await images.idsInProject(owner.id, project.id);
        for (const folder of candidates.filter((candidate) => !owned.has(candidate.id))) {
          if (signal?.aborted) return result;
          try {
            if ((await lastChange(folder.dir)) >= olderThan.getTime()) continue;
            await rm(folder.dir, { recursive: true });
            result.removed += 1;
          } catch (error) {
            if (!isMissing(error)) result.failed += 1;
          }
        }
      } catch (error) {
        if (!isMissing(error)) result.failed += 1;
      }
      if (signal?.aborted) return result;
    }
  }
  return result;
}

/**
 * Start-up: removes orphan image folders unchanged for ABANDONED_AFTER_MS, if the storage belongs to
 * this database. Logs, never throws; resolves to what it did, or undefined when it did not run.
 */
export async function sweepOrphanImageFolders(
  storageRoot: string,
  lookup: ImageRowLookup & BindingLookup,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<SweepResult | undefined> {
  try {
    if (!(await storageBelongsToDatabase(storageRoot, lookup))) {
      // Said with the fix: an operator who knows these files are this database's writes its key.
      const bindingFile = path.join(storageRoot, BINDING_FILE);
      log.warn(
        { storageRoot, bindingFile, databaseKey: await lookup.databaseKey() },
        'the storage folder is not recorded as this database’s, so image folders without rows are left ' +
          'alone; if these files are this database’s, write databaseKey into bindingFile',
      );
      return undefined;
    }
    const olderThan = new Date(Date.now() - ABANDONED_AFTER_MS);
    const result = await removeOrphanImageFolders(storageRoot, lookup, olderThan, signal);
    if (result.removed > 0) log.info({ removed: result.removed }, 'removed image folders that no image owns');
    if (result.failed > 0)
      log.warn({ failed: result.failed }, 'some image folders could not be checked or removed');
    return result;
  } catch (error) {
    log.warn({ err: error }, 'could not sweep image folders that no image owns');
    return undefined;
  }
}
