import path from 'node:path';
import { loadConfig } from '../load-config.js';
import { BackupError } from '../backup/backup-error.js';
import { backupsIn } from '../backup/backup-folders.js';
import { recentOutcomes } from '../backup/backup-rotation.js';
import { type BackupProgress, createBackup } from '../backup/create-backup.js';
import { backupInto, backupSources } from '../backup/installation-backup.js';
import { restoreBackup } from '../backup/restore-backup.js';
import { verifyBackup } from '../backup/verify-backup.js';
import { CommandError } from './admin-context.js';

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** Progress on stderr, so stdout keeps only the result. */
function printProgress({ phase, files }: BackupProgress): void {
  process.stderr.write(`  ${phase}: ${files} file(s)\n`);
}

export interface BackupOptions {
  to?: string;
  into?: string;
  keep?: string;
  verify?: string;
  list?: boolean;
  dir?: string;
}

function keepOption(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const keep = Number(value);
  if (!/^\d+$/.test(value) || keep < 1) throw new CommandError('--keep must be a whole number of at least 1');
  return keep;
}

/** `admin backup`: one of --to, --into, --verify or --list. */
export async function backup(options: BackupOptions): Promise<void> {
  const chosen = [options.to, options.into, options.verify, options.list].filter(
    (value) => value !== undefined,
  );
  if (chosen.length !== 1)
    throw new CommandError('backup takes exactly one of --to, --into, --verify or --list');
  try {
    if (options.verify) return await verify(options.verify);
    const config = loadConfig();
    if (options.list) return await list(options.dir ?? config.backup.dir);
    if (options.into) {
      const outcome = await backupInto(
        config,
        options.into,
        keepOption(options.keep, config.backup.keep),
        printProgress,
      );
      console.log(
        `Backup complete: ${outcome.folder} (${outcome.files} files, ${megabytes(outcome.bytes_written ?? 0)} written).`,
      );
      for (const removed of outcome.removed) console.log(`Removed an older backup: ${removed}`);
      return;
    }
    const { folder, manifest } = await createBackup(backupSources(config), options.to!, printProgress);
    console.log(
      `Backup complete: ${folder} (${manifest.files.length} files, ${megabytes(manifest.bytes_written)} written, schema ${manifest.schema ?? 'none'}).`,
    );
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message);
    throw error;
  }
}

async function verify(folder: string): Promise<void> {
  const { manifest, problems } = await verifyBackup(folder);
  if (problems.length > 0) {
    throw new CommandError(
      `The backup ${folder} is damaged (${problems.length} problem(s)):\n${problems.map((line) => `  - ${line}`).join('\n')}`,
    );
  }
  console.log(
    `The backup ${folder} is complete: ${manifest.files.length} files match their SHA-256 (${manifest.mode}, schema ${manifest.schema ?? 'none'}, taken ${manifest.created_at}).`,
  );
}

async function list(parent: string): Promise<void> {
  const found = await backupsIn(parent);
  if (found.length === 0) console.log(`No backups in ${parent}.`);
  for (const { folder, manifest } of found) {
    const name = path.basename(folder);
    console.log(
      manifest
        ? `${name}  complete  ${manifest.finished_at}  ${manifest.files.length} files  schema ${manifest.schema ?? 'none'}`
        : `${name}  INCOMPLETE (interrupted, failed or still running)`,
    );
  }
  const outcomes = await recentOutcomes(parent, 10);
  if (outcomes.length > 0) console.log('\nRecent outcomes:');
  for (const line of outcomes) {
    console.log(
      `${line.finished_at}  ${line.outcome === 'ok' ? 'ok' : 'FAILED'}  ${path.basename(line.folder)}${line.error ? `  ${line.error}` : ''}`,
    );
  }
}

/** `admin restore --from <folder>`: into an empty DATA_DIR (and database and bucket). */
export async function restore(options: { from: string }): Promise<void> {
  const config = loadConfig();
  try {
    const manifest = await restoreBackup(options.from, backupSources(config), (restored, total) =>
      process.stderr.write(`  restored ${restored} of ${total} file(s)\n`),
    );
    console.log(
      `Restored ${options.from} (taken ${manifest.created_at}, schema ${manifest.schema ?? 'none'}) into ${config.dataDir}. Start the server as usual.`,
    );
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message);
    throw error;
  }
}
