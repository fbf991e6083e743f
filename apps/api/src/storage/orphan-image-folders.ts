import type { FastifyBaseLogger } from 'fastify';
import { isMissing } from './fs-errors.js';
import { ABANDONED_AFTER_MS, type SweepResult } from './abandoned-files.js';
import { type BindingLookup, storageBelongsToDatabase } from './storage-binding.js';
import type { Storage } from './storage.js';
import { idOfFolder, isImageFolderName, storageKeys } from './storage-keys.js';

/** What the sweep needs to know of the images table (see imagesRepository). */
export interface ImageRowLookup {
  /** The storage prefix of every image row in this owner's project. */
  prefixesInProject(owner: number, projectId: number): Promise<Set<string>>;
}

/** The ids of the folders under `prefix` named as storageKeys names user and project folders. */
async function idFolders(storage: Storage, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for await (const name of storage.listFolders(prefix)) {
    const id = idOfFolder(name);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/** The project's image folders that no image row records, as prefixes. */
async function unrecordedImageFolders(
  storage: Storage,
  images: ImageRowLookup,
  owner: number,
  projectId: number,
): Promise<string[]> {
  const folders: string[] = [];
  for await (const name of storage.listFolders(storageKeys.images(owner, projectId))) {
    if (isImageFolderName(name)) folders.push(storageKeys.image(owner, projectId, name));
  }
  if (folders.length === 0) return [];
  const recorded = await images.prefixesInProject(owner, projectId);
  return folders.filter((folder) => !recorded.has(folder));
}

/**
 * Removes image folders (`users/<owner>/projects/<project>/images/<name>`, as storageKeys.image names
 * them) that no image row records: what a process killed between writing an upload's files and
 * committing its rows leaves, or an image, project or account delete whose file removal failed after
 * its rows were gone. Works the same on every adapter of the storage port. The caller makes sure the
 * storage belongs to this database (storage-binding.ts).
 *
 * A folder is only removed when no row records it and nothing under it was written after
 * `olderThan`: an upload still writing has no committed row yet, and writes for far less long. Folder
 * names are never handed out twice (storageKeys.newImage), so an orphan is never taken by a later
 * image. One project at a time; a folder that cannot be read or removed is counted and skipped. Stops
 * between folders once `signal` is aborted.
 */
export async function removeOrphanImageFolders(
  storage: Storage,
  images: ImageRowLookup,
  olderThan: Date,
  signal?: AbortSignal,
): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, failed: 0 };
  if (signal?.aborted) return result;
  for (const owner of await idFolders(storage, storageKeys.users)) {
    let projects: number[];
    try {
      projects = await idFolders(storage, storageKeys.projects(owner));
    } catch {
      result.failed += 1;
      continue;
    }
    for (const projectId of projects) {
      try {
        for (const folder of await unrecordedImageFolders(storage, images, owner, projectId)) {
          if (signal?.aborted) return result;
          try {
            const written = await storage.lastModified(folder);
            // Nothing left there (removed meanwhile), or written lately: left alone.
            if (written === undefined || written >= olderThan) continue;
            await storage.deletePrefix(folder);
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

/** Where the sweep looks, and how an operator finds its binding record (a path or an s3:// URL). */
export interface SweptStorage {
  storage: Storage;
  bindingFile: string;
}

/**
 * Start-up: removes orphan image folders unchanged for ABANDONED_AFTER_MS, if the storage belongs to
 * this database. Logs, never throws; resolves to what it did, or undefined when it did not run.
 */
export async function sweepOrphanImageFolders(
  { storage, bindingFile }: SweptStorage,
  lookup: ImageRowLookup & BindingLookup,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<SweepResult | undefined> {
  try {
    if (!(await storageBelongsToDatabase(storage, lookup))) {
      // Said with the fix: an operator who knows these files are this database's writes its key.
      log.warn(
        { bindingFile, databaseKey: await lookup.databaseKey() },
        'the storage is not recorded as this database’s, so image folders without rows are left ' +
          'alone; if these files are this database’s, write databaseKey into bindingFile',
      );
      return undefined;
    }
    const olderThan = new Date(Date.now() - ABANDONED_AFTER_MS);
    const result = await removeOrphanImageFolders(storage, lookup, olderThan, signal);
    if (result.removed > 0) log.info({ removed: result.removed }, 'removed image folders that no image owns');
    if (result.failed > 0)
      log.warn({ failed: result.failed }, 'some image folders could not be checked or removed');
    return result;
  } catch (error) {
    log.warn({ err: error }, 'could not sweep image folders that no image owns');
    return undefined;
  }
}
