import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DatabaseConfig } from '../db/database.js';
import { isPartialWrite } from '../storage/local-storage.js';
import { isKeptStandardInput } from '../storage/storage-keys.js';
import type { S3StorageOptions } from '../storage/s3-storage.js';
import { BACKUP_LAYOUT, prepareEmptyFolder, previousBackup } from './backup-folders.js';
import { type BackupFile, type BackupManifest, MANIFEST_FORMAT, writeManifest } from './backup-manifest.js';
import { downloadObject, listBucket } from './bucket-objects.js';
import { linkUnchanged, sha256OfFile, storeCopy, walkFiles } from './file-copies.js';
import { dumpPostgres, postgresSchemaOf } from './postgres-tools.js';
import { snapshotSqlite } from './sqlite-snapshot.js';

/** What an installation keeps: DATA_DIR's files, its database and, in the scaled setup, a bucket. */
export interface BackupSources {
  dataDir: string;
  database: DatabaseConfig;
  bucket?: { client: S3Client; options: S3StorageOptions };
  /** Folders never backed up, such as the backups folder when it sits inside DATA_DIR. */
  exclude: string[];
}

export interface BackupProgress {
  phase: 'files' | 'database' | 'changed files' | 'manifest';
  files: number;
}

export interface BackupOutcome {
  folder: string;
  manifest: BackupManifest;
}

/**
 * DATA_DIR's temporary files, the live SQLite files, backups and the model inputs uploads keep
 * (isKeptStandardInput) are not data to back up.
 */
function includer(sources: BackupSources, target: string): (relative: string) => boolean {
  const skipped = [...sources.exclude, target, path.join(sources.dataDir, 'tmp')].map((folder) =>
    path.resolve(folder),
  );
  const sqliteFile =
    sources.database.dialect === 'sqlite' ? path.resolve(sources.database.filename) : undefined;
  return (relative) => {
    const absolute = path.resolve(sources.dataDir, relative);
    if (skipped.includes(absolute)) return false;
    // The database file and its -wal, -shm and -journal: the snapshot is their consistent copy.
    if (sqliteFile && absolute.startsWith(sqliteFile)) return false;
    return !isPartialWrite(path.basename(relative)) && !isKeptStandardInput(relative);
  };
}

/**
 * A consistent backup while the server runs: every file and object, then the database (SQLite's
 * online backup or pg_dump), then the files and objects that changed meanwhile. Every file is written
 * before the row that names it and replaced only by rename, so each row of the database copy has its
 * files, and one deleted after the copy was taken is still there from the first pass. The manifest,
 * with every file's SHA-256 and the schema, is written last: a folder without it is no backup.
 */
export async function createBackup(
  sources: BackupSources,
  target: string,
  onProgress: (progress: BackupProgress) => void = () => undefined,
): Promise<BackupOutcome> {
  const folder = path.resolve(target);
  await prepareEmptyFolder(folder, 'a backup');
  const createdAt = new Date().toISOString();
  const previous = await previousBackup(folder);
  const previousFiles = previous && {
    folder: previous.folder,
    files: new Map(previous.manifest.files.map((file) => [file.path, file])),
  };
  const include = includer(sources, folder);
  /** Each file or object in the backup by its path, as the manifest will list it. */
  const stored = new Map<string, BackupFile>();
  let bytesWritten = 0;

  const unchanged = (relative: string, source: { size: number; mtimeMs: number }) => {
    const before = stored.get(relative);
    return before !== undefined && before.size === source.size && before.mtime_ms === source.mtimeMs;
  };
  const keep = (phase: BackupProgress['phase'], entry: BackupFile) => {
    stored.set(entry.path, entry);
    if (stored.size % 500 === 0) onProgress({ phase, files: stored.size });
  };

  async function copyFiles(phase: BackupProgress['phase'], onlyChanged: boolean): Promise<void> {
    for await (const source of walkFiles(sources.dataDir, include)) {
      const relative = `${BACKUP_LAYOUT.data}/${source.relative}`;
      if (onlyChanged && unchanged(relative, source)) continue;
      const copy = await storeCopy(
        { file: path.join(sources.dataDir, source.relative), info: source },
        { file: path.join(folder, relative), relative },
        previousFiles,
      );
      if (!copy) continue;
      bytesWritten += copy.bytesWritten;
      keep(phase, copy.entry);
    }
  }

  async function copyObjects(phase: BackupProgress['phase'], onlyChanged: boolean): Promise<void> {
    if (!sources.bucket) return;
    const { client, options } = sources.bucket;
    for await (const object of listBucket(client, options)) {
      if (isKeptStandardInput(object.relative)) continue;
      const relative = `${BACKUP_LAYOUT.bucket}/${object.relative}`;
      if (onlyChanged && unchanged(relative, object)) continue;
      const file = path.join(folder, relative);
      const linked = await linkUnchanged(previousFiles, relative, object, file);
      if (linked) {
        keep(phase, linked.entry);
        continue;
      }
      const downloaded = await downloadObject(client, options, object.relative, file);
      if (!downloaded) continue;
      bytesWritten += downloaded.size;
      keep(phase, {
        path: relative,
        size: downloaded.size,
        sha256: downloaded.sha256,
        mtime_ms: object.mtimeMs,
      });
    }
  }

  await copyFiles('files', false);
  await copyObjects('files', false);
  onProgress({ phase: 'database', files: stored.size });
  await mkdir(path.join(folder, BACKUP_LAYOUT.database), { recursive: true });
  const { relative: databaseRelative, schema } = await copyDatabase(sources.database, folder);
  await copyFiles('changed files', true);
  await copyObjects('changed files', true);

  const databaseFile = path.join(folder, databaseRelative);
  const databaseInfo = await stat(databaseFile);
  const databaseEntry: BackupFile = {
    path: databaseRelative,
    size: databaseInfo.size,
    sha256: await sha256OfFile(databaseFile),
    mtime_ms: databaseInfo.mtimeMs,
  };
  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    mode: sources.database.dialect === 'sqlite' ? 'embedded' : 'postgres',
    created_at: createdAt,
    finished_at: new Date().toISOString(),
    schema,
    database: databaseRelative,
    files: [databaseEntry, ...stored.values()],
    bytes_written: bytesWritten + databaseInfo.size,
  };
  onProgress({ phase: 'manifest', files: manifest.files.length });
  await writeManifest(folder, manifest);
  return { folder, manifest };
}

async function copyDatabase(
  database: DatabaseConfig,
  folder: string,
): Promise<{ relative: string; schema: string | null }> {
  if (database.dialect === 'sqlite') {
    const relative = `${BACKUP_LAYOUT.database}/hullscope.sqlite`;
    return { relative, schema: await snapshotSqlite(database.filename, path.join(folder, relative)) };
  }
  const relative = `${BACKUP_LAYOUT.database}/hullscope.pgdump`;
  const schema = await postgresSchemaOf(database.url);
  await dumpPostgres(database.url, path.join(folder, relative));
  return { relative, schema };
}
