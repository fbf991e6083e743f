import { randomUUID } from 'node:crypto';
import { type Dirent, constants, createReadStream } from 'node:fs';
import {
  access,
  copyFile,
  link,
  mkdir,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { hasErrorCode, isMissing } from './fs-errors.js';
import { assertSafeKey } from './safe-key.js';
import type { Storage } from './storage.js';

/** Where putBuffer writes `target` before renaming it into place: `<name>.<random UUID>.part`. */
function partialPathFor(target: string): string {
  return `${target}.${randomUUID()}.part`;
}
/** The names partialPathFor gives, and only those. */
const PARTIAL_NAME = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

/** Whether a file under the storage root is a write in progress (one a crash may leave). */
export function isPartialWrite(fileName: string): boolean {
  return PARTIAL_NAME.test(fileName);
}

/** The entries of `dir`; none when it is gone (removed meanwhile) or is not a folder. */
async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error) || hasErrorCode(error, 'ENOTDIR')) return [];
    throw error;
  }
}

/** The latest modification time of `dir` and of everything under it; undefined if it is gone. */
async function latestChange(dir: string): Promise<number | undefined> {
  let latest: number;
  try {
    latest = (await stat(dir)).mtimeMs;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  for (const entry of await entriesOf(dir)) {
    const entryPath = path.join(dir, entry.name);
    try {
      const changed = entry.isDirectory() ? await latestChange(entryPath) : (await stat(entryPath)).mtimeMs;
      latest = Math.max(latest, changed ?? latest);
    } catch (error) {
      // Removed meanwhile: it changes nothing that is left.
      if (!isMissing(error)) throw error;
    }
  }
  return latest;
}

/** Files under one root folder; keys are checked so none can point outside it. */
export function localStorage(root: string): Storage {
  function resolve(key: string): string {
    assertSafeKey(key);
    return path.join(root, key);
  }

  async function moveFile(from: string, to: string): Promise<void> {
    try {
      await rename(from, to);
    } catch (error) {
      // Across file systems (e.g. a temp folder elsewhere) a rename fails: copy, then remove.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(from, to);
      await unlink(from);
    }
  }

  return {
    async putFile(key, localPath) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await moveFile(localPath, target);
    },
    async putBuffer(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside, then renamed: readers never see half a file. The temporary name is unique, so
      // two writers of one key (a job taken again while its first worker still runs) cannot collide.
      const partial = partialPathFor(target);
      try {
        await writeFile(partial, data);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async putBufferIfAbsent(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside, then linked into place: the link fails if the name is taken, and readers
      // never see half a file.
      const partial = partialPathFor(target);
      try {
        await writeFile(partial, data);
        await link(partial, target);
        return true;
      } catch (error) {
        if (hasErrorCode(error, 'EEXIST')) return false;
        throw error;
      } finally {
        await rm(partial, { force: true });
      }
    },
    async getBuffer(key) {
      return readFile(resolve(key));
    },
    async withFile(key, use) {
      const filePath = resolve(key);
      await access(filePath, constants.R_OK);
      return use(filePath);
    },
    createReadStream(key) {
      return createReadStream(resolve(key));
    },
    async deletePrefix(prefix) {
      await rm(resolve(prefix), { recursive: true, force: true });
    },
    async *listFolders(prefix) {
      for (const entry of await entriesOf(resolve(prefix))) {
        if (entry.isDirectory()) yield entry.name;
      }
    },
    async lastModified(prefix) {
      // The folders' own times count too: a file removed from a folder changes the folder.
      const latest = await latestChange(resolve(prefix));
      return latest === undefined ? undefined : new Date(latest);
    },
  };
}
