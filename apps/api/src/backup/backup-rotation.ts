import { appendFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from '../storage/fs-errors.js';
import { backupsIn } from './backup-folders.js';

/** One line per backup into a backups folder, newest last: what `backup --list` shows. */
export const OUTCOME_LOG = 'backups.log';

export interface BackupOutcomeLine {
  started_at: string;
  finished_at: string;
  folder: string;
  outcome: 'ok' | 'failed';
  files?: number;
  bytes_written?: number;
  error?: string;
}

/** A new backup's folder name in a backups folder: its start time, so names sort by age. */
export function timedFolderName(now: Date): string {
  return `hullscope-${now.toISOString().replace(/[:.]/g, '-')}`;
}

export async function recordOutcome(parent: string, line: BackupOutcomeLine): Promise<void> {
  await mkdir(parent, { recursive: true });
  await appendFile(path.join(parent, OUTCOME_LOG), `${JSON.stringify(line)}\n`);
}

export async function recentOutcomes(parent: string, count: number): Promise<BackupOutcomeLine[]> {
  try {
    const lines = (await readFile(path.join(parent, OUTCOME_LOG), 'utf8')).split('\n').filter(Boolean);
    return lines.slice(-count).map((line) => JSON.parse(line) as BackupOutcomeLine);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * Keeps the `keep` newest complete backups of `parent` and removes older ones, and any incomplete
 * folder older than the newest complete backup (what a killed backup leaves). Returns what it removed.
 */
export async function pruneBackups(parent: string, keep: number): Promise<string[]> {
  const found = await backupsIn(parent);
  const complete = found.filter((backup) => backup.manifest);
  const newest = complete.at(-1);
  const removable = [
    ...complete.slice(0, Math.max(0, complete.length - keep)),
    ...found.filter((backup) => !backup.manifest && newest && backup.folder < newest.folder),
  ];
  for (const backup of removable) await rm(backup.folder, { recursive: true, force: true });
  return removable.map((backup) => backup.folder);
}
