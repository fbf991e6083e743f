import { constants } from 'node:fs';
import { access, copyFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup-error.js';
import { BACKUP_LAYOUT } from './backup-folders.js';
import type { BackupManifest } from './backup-manifest.js';
import { bucketIsEmpty, uploadObject } from './bucket-objects.js';
import type { BackupSources } from './create-backup.js';
import { restorePostgres, userTableCount } from './postgres-tools.js';
import { assertDataDirEmpty, checkedBackup } from './restore-checks.js';

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Refuses unless every target is empty: a restore never writes over an installation's data. */
async function assertTargetsEmpty(
  target: Omit<BackupSources, 'exclude'>,
  manifest: BackupManifest,
): Promise<void> {
  await assertDataDirEmpty(target.dataDir);
  const { database } = target;
  if (database.dialect === 'sqlite' && (await exists(database.filename))) {
    throw new BackupError(
      `The database file ${database.filename} exists: restore fills an empty installation only.`,
    );
  }
  if (database.dialect === 'postgres' && (await userTableCount(database.url)) > 0) {
    throw new BackupError(
      'The database DATABASE_URL names is not empty: restore into a new, empty database (createdb), never over one in use.',
    );
  }
  const hasObjects = manifest.files.some((file) => file.path.startsWith(`${BACKUP_LAYOUT.bucket}/`));
  if (hasObjects && !target.bucket) {
    throw new BackupError(
      'The backup holds bucket objects: set STORAGE_URL (and the S3_* variables) to restore them.',
    );
  }
  if (target.bucket && !(await bucketIsEmpty(target.bucket.client, target.bucket.options))) {
    throw new BackupError(
      `The bucket ${target.bucket.options.bucket} already holds objects under "${target.bucket.options.prefix}": restore into an empty bucket or prefix.`,
    );
  }
}

/**
 * Fills an empty installation from a verified backup: DATA_DIR's files, the bucket's objects, then
 * the database last, so a server never starts on a database whose files are not all there yet.
 */
export async function restoreBackup(
  from: string,
  target: Omit<BackupSources, 'exclude'>,
  onProgress: (restored: number, total: number) => void = () => undefined,
): Promise<BackupManifest> {
  const folder = path.resolve(from);
  const manifest = await checkedBackup(
    folder,
    target.database.dialect === 'sqlite' ? 'embedded' : 'postgres',
  );
  await assertTargetsEmpty(target, manifest);
  const dataPrefix = `${BACKUP_LAYOUT.data}/`;
  const bucketPrefix = `${BACKUP_LAYOUT.bucket}/`;
  const files = manifest.files.filter((file) => file.path !== manifest.database);
  let restored = 0;
  for (const file of files) {
    const source = path.join(folder, file.path);
    if (file.path.startsWith(dataPrefix)) {
      const destination = path.join(target.dataDir, file.path.slice(dataPrefix.length));
      await mkdir(path.dirname(destination), { recursive: true });
      await copyFile(source, destination, constants.COPYFILE_FICLONE);
    } else if (file.path.startsWith(bucketPrefix) && target.bucket) {
      await uploadObject(
        target.bucket.client,
        target.bucket.options,
        file.path.slice(bucketPrefix.length),
        source,
      );
    }
    restored += 1;
    if (restored % 500 === 0) onProgress(restored, files.length);
  }
  onProgress(restored, files.length);
  const databaseCopy = path.join(folder, manifest.database);
  if (target.database.dialect === 'sqlite') {
    await mkdir(path.dirname(target.database.filename), { recursive: true });
    const partial = `${target.database.filename}.restoring`;
    await copyFile(databaseCopy, partial, constants.COPYFILE_FICLONE);
    await rename(partial, target.database.filename);
  } else {
    await restorePostgres(target.database.url, databaseCopy);
  }
  return manifest;
}
