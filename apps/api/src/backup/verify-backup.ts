import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from '../storage/fs-errors.js';
import { type BackupManifest, readManifest } from './backup-manifest.js';
import { sha256OfFile } from './file-copies.js';

export interface Verification {
  manifest: BackupManifest;
  /** One line per file that is missing, of another size or of another content; none for a good backup. */
  problems: string[];
}

/** A path the manifest lists must stay inside the backup folder. */
function inside(folder: string, relative: string): string | undefined {
  const resolved = path.resolve(folder, relative);
  return resolved.startsWith(path.resolve(folder) + path.sep) ? resolved : undefined;
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
    const location = inside(folder, file.path);
    if (!location) {
      problems.push(`${file.path}: outside the backup folder`);
      continue;
    }
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
