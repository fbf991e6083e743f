import path from 'node:path';
import type { Config } from '../config.js';
import { s3Client } from '../storage/s3-storage.js';
import { type BackupOutcomeLine, pruneBackups, recordOutcome, timedFolderName } from './backup-rotation.js';
import { type BackupProgress, type BackupSources, createBackup } from './create-backup.js';

/** What the configured installation keeps, for a backup or as the target of a restore. */
export function backupSources(config: Config): BackupSources {
  return {
    dataDir: config.dataDir,
    database: config.database,
    bucket:
      config.storage.kind === 's3'
        ? { client: s3Client(config.storage), options: config.storage }
        : undefined,
    exclude: [config.backup.dir],
  };
}

/**
 * A new backup in a time-named folder of `parent`, its outcome appended to the folder's log, and the
 * backups beyond the `keep` newest removed once it is complete (a failed one removes nothing).
 */
export async function backupInto(
  config: Config,
  parent: string,
  keep: number,
  onProgress?: (progress: BackupProgress) => void,
): Promise<BackupOutcomeLine & { removed: string[] }> {
  const started = new Date();
  const folder = path.join(path.resolve(parent), timedFolderName(started));
  try {
    const { manifest } = await createBackup(backupSources(config), folder, onProgress);
    const line: BackupOutcomeLine = {
      started_at: started.toISOString(),
      finished_at: manifest.finished_at,
      folder,
      outcome: 'ok',
      files: manifest.files.length,
      bytes_written: manifest.bytes_written,
    };
    await recordOutcome(parent, line);
    return { ...line, removed: await pruneBackups(parent, keep) };
  } catch (error) {
    const line: BackupOutcomeLine = {
      started_at: started.toISOString(),
      finished_at: new Date().toISOString(),
      folder,
      outcome: 'failed',
      error: (error as Error).message,
    };
    await recordOutcome(parent, line).catch(() => undefined);
    throw error;
  }
}
