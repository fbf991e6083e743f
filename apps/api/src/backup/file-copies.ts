import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isMissing } from '../storage/fs-errors.js';
import type { BackupFile } from './backup-manifest.js';

export interface SourceFile {
  /** Relative to the walked root, with forward slashes. */
  relative: string;
  size: number;
  mtimeMs: number;
}

/**
 * Every regular file under `root` whose relative path `include` accepts, in a stable order. Files
 * and folders removed while walking are skipped: a running server deletes as we read.
 */
export async function* walkFiles(
  root: string,
  include: (relative: string) => boolean,
  prefix = '',
): AsyncGenerator<SourceFile> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!include(relative)) continue;
    if (entry.isDirectory()) {
      yield* walkFiles(root, include, relative);
    } else if (entry.isFile()) {
      try {
        const info = await stat(path.join(root, relative));
        yield { relative, size: info.size, mtimeMs: info.mtimeMs };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another file system, or one without hard links: a copy (a clone where the file system can).
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
    await copyFile(from, to, constants.COPYFILE_FICLONE);
  }
}

/** How one file went into the backup, and what it cost. */
export interface StoredCopy {
  entry: BackupFile;
  bytesWritten: number;
}

/**
 * Puts `source` into the backup at `target`. A file the previous backup holds unchanged (same size
 * and modification time) is hard-linked from it and keeps its checksum, so it costs nothing; any
 * other is copied (a clone where the file system can), never linked to the live file, which an edit
 * of the backup would then change, and its checksum is read from the backup's own copy. Undefined
 * when the source was removed meanwhile.
 */
export async function storeCopy(
  source: { file: string; info: SourceFile },
  target: { file: string; relative: string },
  previous: { folder: string; files: Map<string, BackupFile> } | undefined,
): Promise<StoredCopy | undefined> {
  await mkdir(path.dirname(target.file), { recursive: true });
  await unlink(target.file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
  const before = previous?.files.get(target.relative);
  if (previous && before && before.size === source.info.size && before.mtime_ms === source.info.mtimeMs) {
    try {
      await linkOrCopy(path.join(previous.folder, before.path), target.file);
      return { entry: { ...before }, bytesWritten: 0 };
    } catch (error) {
      // The previous backup lost that file: take it from the source instead.
      if (!isMissing(error)) throw error;
    }
  }
  try {
    await copyFile(source.file, target.file, constants.COPYFILE_FICLONE);
    const info = await stat(target.file);
    return {
      entry: {
        path: target.relative,
        size: info.size,
        sha256: await sha256OfFile(target.file),
        mtime_ms: source.info.mtimeMs,
      },
      bytesWritten: info.size,
    };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}
