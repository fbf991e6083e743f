import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from '../storage/fs-errors.js';
import { isSafeKey } from '../storage/safe-key.js';
import { BACKUP_LAYOUT } from './backup-folders.js';
import { type BackupManifest, readManifest } from './backup-manifest.js';
import { sha256OfFile } from './file-copies.js';

export interface Verification {
  manifest: BackupManifest;
  /** One line per file that is missing, of another size or of another content; none for a good backup. */
  problems: string[];
}

/**
 * Why a path the manifest lists is not one a backup writes, or undefined when it is: a restore writes
 * each file to the same path below DATA_DIR or the bucket, so none may climb out of them.
 */
function layoutProblem(relative: string): string | undefined {
  const segments = relative.split('/');
  if (path.isAbsolute(relative) || segments.some((segment) => ['', '.', '..'].includes(segment))) {
    return 'not a path inside the backup';
  }
  if (!(Object.values(BACKUP_LAYOUT) as string[]).includes(segments[0]!))
    return "outside the backup's folders";
  if (segments[0] === BACKUP_LAYOUT.bucket && !isSafeKey(segments.slice(1).join('/'))) {
    return 'not a storage key';
  }
  return undefined;
}

/** Reads every file the manifest lists and compares its size and SHA-256. */
export async function verifyBackup(
  folder: string,
  onProgress: (checked: number, total: number) => void = () => undefined,
): Promise<Verification> {
  const manifest = await readManifest(folder);
  const problems: string[] = [];
  let checked = 0;
  for (const file of manifest.files) {
    const problem = layoutProblem(file.path);
    if (problem) {
      problems.push(`${file.path}: ${problem}`);
      continue;
    }
    const location = path.join(folder, file.path);
    try {
      const info = await stat(location);
      if (info.size !== file.size) {
        problems.push(`${file.path}: ${info.size} bytes, the manifest says ${file.size}`);
      } else if ((await sha256OfFile(location)) !== file.sha256) {
        problems.push(`${file.path}: its SHA-256 differs from the manifest's (the file is corrupted)`);
      }
    } catch (error) {
      if (!isMissing(error)) throw error;
      problems.push(`${file.path}: missing`);
    }
    checked += 1;
    if (checked % 500 === 0) onProgress(checked, manifest.files.length);
  }
  onProgress(checked, manifest.files.length);
  if (!manifest.files.some((file) => file.path === manifest.database)) {
    problems.push(`${manifest.database}: the database is not among the manifest's files`);
  }
  return { manifest, problems };
}
