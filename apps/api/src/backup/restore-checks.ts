import { readdir } from 'node:fs/promises';
import { migrationNames } from '../db/migrations/index.js';
import { isMissing } from '../storage/fs-errors.js';
import { BackupError } from './backup-error.js';
import type { BackupManifest } from './backup-manifest.js';
import { verifyBackup } from './verify-backup.js';

/** What loading the configuration writes into a new DATA_DIR before any command runs. */
const WRITTEN_BY_CONFIGURATION = new Set(['jwt-secret']);

/** A restore fills a DATA_DIR nothing has used yet: never over a live installation's files. */
export async function assertDataDirEmpty(dataDir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dataDir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  const used = names.filter((name) => !WRITTEN_BY_CONFIGURATION.has(name));
  if (used.length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (it holds ${used.slice(0, 3).join(', ')}${used.length > 3 ? ', …' : ''}): ` +
        'restore fills an empty DATA_DIR only. Point DATA_DIR at a new folder, or move this one away first.',
    );
  }
}

/** The backup is whole (every checksum matches) and of a schema this release can run or migrate. */
export async function checkedBackup(folder: string, mode: BackupManifest['mode']): Promise<BackupManifest> {
  const { manifest, problems } = await verifyBackup(folder);
  if (problems.length > 0) {
    throw new BackupError(
      `The backup ${folder} failed verification, nothing was restored:\n${problems.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  if (manifest.mode !== mode) {
    const other =
      manifest.mode === 'embedded' ? 'the embedded default (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)';
    throw new BackupError(`The backup ${folder} is of ${other}: restore it with that configuration.`);
  }
  if (manifest.schema !== null && !migrationNames.includes(manifest.schema)) {
    throw new BackupError(
      `The backup's database schema (${manifest.schema}) is newer than this release: restore it with the release that made it, or a later one.`,
    );
  }
  return manifest;
}
