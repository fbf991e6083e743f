import type { Config } from '../config.js';
import { MigrationFailedError, type SchemaPreparation } from '../db/schema-check.js';
import { backupInto } from './installation-backup.js';

/**
 * How a process prepares its schema: migrate when MIGRATE_ON_START, and in the embedded default back
 * up into BACKUP_DIR first (BACKUP_BEFORE_MIGRATE), so an upgrade can always be undone.
 */
export function schemaPreparation(
  config: Config,
  log: (message: string) => void,
  migrate = config.migrateOnStart,
): SchemaPreparation {
  const backUp = config.backup.beforeMigrate && config.database.dialect === 'sqlite';
  return {
    migrate,
    backUpFirst: backUp
      ? async () => {
          log(`Backing up into ${config.backup.dir} before migrating the database (BACKUP_BEFORE_MIGRATE)…`);
          try {
            const { folder } = await backupInto(config, config.backup.dir, config.backup.keep);
            log(`Backed up before migrating: ${folder}`);
            return folder;
          } catch (error) {
            throw new MigrationFailedError(
              `The backup before migrating failed, so nothing was migrated: ${(error as Error).message} ` +
                'Free space in BACKUP_DIR (or point it elsewhere), or set BACKUP_BEFORE_MIGRATE=false to migrate without one.',
              { cause: error },
            );
          }
        }
      : undefined,
  };
}
