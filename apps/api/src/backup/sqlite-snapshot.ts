import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { sqliteDriver } from '../db/sqlite-driver.js';
import { BackupError } from './backup-error.js';

/** Pages per backup step: all of them, so writers in other processes cannot restart the copy midway. */
const ALL_PAGES = 0x7fffffff;

/** The last migration applied to the SQLite file, or null for an empty database. */
export function sqliteSchemaOf(file: string): string | null {
  const Sqlite = sqliteDriver();
  const connection = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const table = connection
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(DEFAULT_MIGRATION_TABLE);
    if (!table) return null;
    const row = connection
      .prepare(`SELECT name FROM "${DEFAULT_MIGRATION_TABLE}" ORDER BY name DESC LIMIT 1`)
      .get() as { name: string } | undefined;
    return row?.name ?? null;
  } finally {
    connection.close();
  }
}

function checkIntegrity(file: string): void {
  const Sqlite = sqliteDriver();
  const connection = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const result = connection.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new BackupError(`The database copy ${file} failed SQLite's integrity check: ${String(result)}`);
  } finally {
    connection.close();
  }
}

/**
 * A consistent copy of a live SQLite database (SQLite's online backup, safe while the server writes),
 * checked for integrity. Returns the copy's schema (its last migration).
 */
export async function snapshotSqlite(source: string, target: string): Promise<string | null> {
  const Sqlite = sqliteDriver();
  const connection = new Sqlite(source, { fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    await connection.backup(target, { progress: () => ALL_PAGES });
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CANTOPEN') {
      throw new BackupError(`Cannot open the database ${source}: ${(error as Error).message}`);
    }
    throw error;
  } finally {
    connection.close();
  }
  // A rollback journal, so the copy is one self-contained file that opening it read-only leaves alone.
  const copy = new Sqlite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  checkIntegrity(target);
  return sqliteSchemaOf(target);
}
