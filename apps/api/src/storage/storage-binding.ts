import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode, isMissing } from './fs-errors.js';

/** In the storage root: the key of the database these files belong to. */
export const BINDING_FILE = '.database-key';

export interface BindingLookup {
  databaseKey(): Promise<string>;
  /** The storage prefix of the newest image row, if any. */
  newestImagePrefix(): Promise<string | undefined>;
}

async function readBinding(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if (isMissing(error)) return true;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * Whether the storage folder belongs to this database. Work that judges files by the database's
 * rows (the orphan sweep) must not run against another database's files: DATA_DIR kept while
 * DATABASE_URL points at a restored backup, a staging copy or a fresh PostgreSQL would make every
 * file look unowned. The storage root records the key of its database (BINDING_FILE). Storage without
 * a record (a new installation, or one from before the record existed) is bound only when its files
 * evidently belong to this database: it holds no user folders yet, or it holds the newest image's
 * folder. Otherwise it stays unbound until an operator writes the key (`installation` table) there.
 */
export async function storageBelongsToDatabase(storageRoot: string, lookup: BindingLookup): Promise<boolean> {
  const key = await lookup.databaseKey();
  const file = path.join(storageRoot, BINDING_FILE);
  const recorded = await readBinding(file);
  if (recorded !== undefined) return recorded === key;

  const newest = await lookup.newestImagePrefix();
  const evident = newest
    ? await exists(path.join(storageRoot, newest))
    : await isEmptyOrMissing(path.join(storageRoot, 'users'));
  if (!evident) return false;
  await mkdir(storageRoot, { recursive: true });
  try {
    await writeFile(file, `${key}\n`, { flag: 'wx' });
  } catch (error) {
    // Another process sharing the folder recorded it first.
    if (!hasErrorCode(error, 'EEXIST')) throw error;
    return (await readBinding(file)) === key;
  }
  return true;
}
