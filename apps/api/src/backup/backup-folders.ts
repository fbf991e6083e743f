import { mkdir, readdir, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from '../storage/fs-errors.js';
import { BackupError } from './backup-error.js';
import { type BackupManifest, readManifest } from './backup-manifest.js';

/** Inside a backup: the database copy or dump, the data folder's files, the bucket's objects. */
export const BACKUP_LAYOUT = { database: 'database', data: 'data', bucket: 'bucket' } as const;

async function entries(folder: string): Promise<string[] | undefined> {
  try {
    return await readdir(folder);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** A backup goes into a new or empty folder, never over anything. */
export async function prepareEmptyFolder(folder: string, what: string): Promise<void> {
  const existing = await entries(folder);
  if (existing && existing.length > 0) {
    throw new BackupError(`${folder} is not empty: ${what} goes into a new or empty folder.`);
  }
  await mkdir(folder, { recursive: true });
}

/** Removes an empty folder a failed step made, leaving anything with content for inspection. */
export async function removeIfEmpty(folder: string): Promise<void> {
  await rmdir(folder).catch(() => undefined);
}

export interface FoundBackup {
  folder: string;
  /** Undefined when the folder has no valid manifest: interrupted, failed or still running. */
  manifest: BackupManifest | undefined;
  problem?: string;
}

/** The backups side by side in `parent`, oldest first by name (scheduled ones are named by time). */
export async function backupsIn(parent: string): Promise<FoundBackup[]> {
  const names = ((await entries(parent)) ?? []).filter((name) => !name.startsWith('.'));
  const found: FoundBackup[] = [];
  for (const name of names.sort()) {
    const folder = path.join(parent, name);
    try {
      found.push({ folder, manifest: await readManifest(folder) });
    } catch (error) {
      if (!(error instanceof BackupError)) {
        if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
        throw error;
      }
      found.push({ folder, manifest: undefined, problem: error.message });
    }
  }
  return found;
}

/** The newest complete backup beside `target`, whose unchanged files the new one links to. */
export async function previousBackup(
  target: string,
): Promise<{ folder: string; manifest: BackupManifest } | undefined> {
  const complete = (await backupsIn(path.dirname(path.resolve(target))))
    .filter((found) => found.manifest && path.resolve(found.folder) !== path.resolve(target))
    .sort((a, b) => a.manifest!.finished_at.localeCompare(b.manifest!.finished_at));
  const newest = complete.at(-1);
  return newest && { folder: newest.folder, manifest: newest.manifest! };
}
