import type { Database } from './database.js';
import { type SchemaStatus, migrateToLatest, schemaStatus } from './migrations/index.js';

/** The database's schema is not the one this release was built for; the message says what to do. */
export class SchemaMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaMismatchError';
  }
}

function newerSchemaMessage(status: SchemaStatus): string {
  return (
    `The database schema is newer than this release: it has migration(s) ${status.unknown.join(', ')} ` +
    `that this release does not know (its latest is ${status.latest}). A newer Hullscope migrated ` +
    'this database: run that release (or a later one) against it, never an older one.'
  );
}

function olderSchemaMessage(status: SchemaStatus): string {
  return (
    `The database schema is older than this release: it is at ${status.current ?? 'no migration'} and ` +
    `needs ${status.pending.join(', ')}. Run \`npm run migrate\` with this release first ` +
    '(or set MIGRATE_ON_START=true for a single-process installation).'
  );
}

/** A migration failed; the message says that the database is unchanged and where its backup is. */
export class MigrationFailedError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'MigrationFailedError';
  }
}

function failedMigrationMessage(error: unknown, backupFolder: string | undefined): string {
  const backup = backupFolder
    ? ` A backup taken just before is at ${backupFolder}; to go back to it, restore it into an empty ` +
      `DATA_DIR: \`npm run admin -- restore --from ${backupFolder}\`.`
    : '';
  return (
    `${(error as Error).message}. The database is unchanged: the migrations ran in one transaction, ` +
    `which was rolled back. Run the release you upgraded from until this is fixed.${backup}`
  );
}

export interface SchemaPreparation {
  /** Apply pending migrations (the embedded default) instead of refusing an older schema. */
  migrate: boolean;
  /** Backs the database up before migrations are applied to it; returns the backup's folder. */
  backUpFirst?: () => Promise<string>;
}

/**
 * Makes sure the database has exactly this release's schema before a process uses it. A schema a
 * newer release migrated is always refused: its data may not mean what this code thinks. An older
 * one is migrated when `migrate` is set (the embedded default, one process), otherwise refused, so
 * that in a deployment of several processes only `npm run migrate` changes the schema.
 */
export async function prepareSchema(
  database: Database,
  { migrate, backUpFirst }: SchemaPreparation,
): Promise<void> {
  const status = await schemaStatus(database);
  if (status.unknown.length > 0) throw new SchemaMismatchError(newerSchemaMessage(status));
  if (status.pending.length === 0) return;
  if (!migrate) throw new SchemaMismatchError(olderSchemaMessage(status));
  // A new database has nothing to lose.
  const backupFolder = status.current !== null && backUpFirst ? await backUpFirst() : undefined;
  try {
    await migrateToLatest(database);
  } catch (error) {
    throw new MigrationFailedError(failedMigrationMessage(error, backupFolder), { cause: error });
  }
}
