import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Database, Dialect } from '../database.js';
import * as foundation from './0001-foundation.js';
import * as imagesPredictions from './0002-images-predictions.js';
import * as billing from './0003-billing.js';
import * as predictionModelVersion from './0004-prediction-model-version.js';
import * as installation from './0005-installation.js';
import * as pendingEmail from './0006-pending-email.js';
import * as throttleEvents from './0007-throttle-events.js';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** In order; names sort as applied. Never edit one that has shipped: add the next. */
const migrations = {
  '0001-foundation': foundation,
  '0002-images-predictions': imagesPredictions,
  '0003-billing': billing,
  '0004-prediction-model-version': predictionModelVersion,
  '0005-installation': installation,
  '0006-pending-email': pendingEmail,
  '0007-throttle-events': throttleEvents,
} as const satisfies Record<string, DialectMigration>;

function migratorFor(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(migrations).map(([name, migration]): [string, Migration] => [
            name,
            { up: (db) => migration.up(db, database.dialect) },
          ]),
        ),
    },
  });
}

function throwOnFailure({ error, results }: MigrationResultSet): void {
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/** Applies every pending migration; Kysely's lock makes concurrent starts of several processes safe. */
export async function migrateToLatest(database: Database): Promise<void> {
  throwOnFailure(await migratorFor(database).migrateToLatest());
}

/** Applies pending migrations up to and including `name`: how a test builds an older schema. */
export async function migrateUpTo(database: Database, name: keyof typeof migrations): Promise<void> {
  throwOnFailure(await migratorFor(database).migrateTo(name));
}
