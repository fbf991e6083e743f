import { isMissing } from './fs-errors.js';
import type { Storage } from './storage.js';
import { storageKeys } from './storage-keys.js';

/** At the storage's root (DATA_DIR/storage, or the bucket's prefix): the key of its database. */
export const BINDING_FILE = '.database-key';

export interface BindingLookup {
  databaseKey(): Promise<string>;
  /** The storage prefix of the newest image row, if any. */
  newestImagePrefix(): Promise<string | undefined>;
}

async function readBinding(storage: Storage): Promise<string | undefined> {
  try {
    return (await storage.getBuffer(BINDING_FILE)).toString('utf8').trim();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function holdsNoUserFolders(storage: Storage): Promise<boolean> {
  for await (const _folder of storage.listFolders(storageKeys.users)) return false;
  return true;
}

/**
 * Whether the storage belongs to this database. Work that judges files by the database's rows (the
 * orphan sweep) must not run against another database's files: storage kept while DATABASE_URL points
 * at a restored backup, a staging copy or a fresh PostgreSQL would make every file look unowned, and
 * random folder names do not change that. The storage records the key of its database (BINDING_FILE).
 * Storage without a record (a new installation, or one from before the record existed) is bound only
 * when its files evidently belong to this database: it holds no user folders yet, or it holds the
 * newest image's folder. Otherwise it stays unbound until an operator writes the key (`installation`
 * table) there.
 */
export async function storageBelongsToDatabase(storage: Storage, lookup: BindingLookup): Promise<boolean> {
  const key = await lookup.databaseKey();
  const recorded = await readBinding(storage);
  if (recorded !== undefined) return recorded === key;

  const newest = await lookup.newestImagePrefix();
  const evident = newest
    ? (await storage.lastModified(newest)) !== undefined
    : await holdsNoUserFolders(storage);
  if (!evident) return false;
  // Another process sharing the storage may record it first: then its record decides.
  if (await storage.putBufferIfAbsent(BINDING_FILE, Buffer.from(`${key}\n`))) return true;
  return (await readBinding(storage)) === key;
}
