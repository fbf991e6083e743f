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

/** The previous backup beside a new one: its folder and its manifest's files by path. */
export interface PreviousFiles {
  folder: string;
  files: Map<string, BackupFile>;
}

/** Makes room for a file in the backup (a second pass replaces what the first wrote). */
async function clearTarget(file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

/**
 * Hard-links the previous backup's copy of `relative` to `target` when it holds it unchanged (same
 * size and modification time): it costs nothing and keeps its checksum. Undefined when it does not,
 * or lost the file.
 */
export async function linkUnchanged(
  previous: PreviousFiles | undefined,
  relative: string,
  source: Pick<SourceFile, 'size' | 'mtimeMs'>,
  target: string,
): Promise<StoredCopy | undefined> {
  const before = previous?.files.get(relative);
  if (!previous || !before || before.size !== source.size || before.mtime_ms !== source.mtimeMs)
    return undefined;
  await clearTarget(target);
  try {
    await linkOrCopy(path.join(previous.folder, before.path), target);
    return { entry: { ...before }, bytesWritten: 0 };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * Puts `source` into the backup at `target`: linked from the previous backup when unchanged, else
 * copied (a clone where the file system can), never linked to the live file, which an edit of the
 * backup would then change, with its checksum read from the backup's own copy. Undefined when the
 * source was removed meanwhile.
 */
export async function storeCopy(
  source: { file: string; info: SourceFile },
  target: { file: string; relative: string },
  previous: PreviousFiles | undefined,
): Promise<StoredCopy | undefined> {
  const linked = await linkUnchanged(previous, target.relative, source.info, target.file);
  if (linked) return linked;
  await clearTarget(target.file);
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
