import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationResultSet,
  Migrator,
  sql,
} from 'kysely';
import type { Database, Dialect } from '../database.js';
import * as foundation from './0001-foundation.js';
import * as imagesPredictions from './0002-images-predictions.js';
import * as billing from './0003-billing.js';
import * as predictionModelVersion from './0004-prediction-model-version.js';
import * as installation from './0005-installation.js';
import * as pendingEmail from './0006-pending-email.js';
import * as throttleEvents from './0007-throttle-events.js';
import * as vessels from './0008-vessels.js';
import * as inspectionDetails from './0009-inspection-details.js';
import * as predictionSurfacePixels from './0010-prediction-surface-pixels.js';
import * as requestImagePrice from './0011-request-image-price.js';
import * as predictionConfidence from './0012-prediction-confidence.js';
import * as projectContentVersions from './0013-project-content-versions.js';
import * as predictionCrashCounts from './0014-prediction-crash-counts.js';
import * as dataExports from './0015-data-exports.js';
import * as organisations from './0016-organisations.js';
import * as imageQuality from './0017-image-quality.js';
import * as hullPlan from './0018-hull-plan.js';
import * as apiKeys from './0019-api-keys.js';
import * as webhooks from './0020-webhooks.js';
import * as verifiedRecords from './0021-verified-records.js';
import * as imagePlanPositions from './0022-image-plan-positions.js';
import * as cleanings from './0023-cleanings.js';
import * as reviewConfusion from './0024-review-confusion.js';
import * as vesselGaDrawing from './0025-vessel-ga-drawing.js';
import * as planVersionAndKeyCreator from './0026-plan-version-and-key-creator.js';
import * as predictionModelName from './0027-prediction-model-name.js';
import * as jobFairKey from './0028-job-fair-key.js';
import * as apiKeyRateWindows from './0029-api-key-rate-windows.js';
import * as imageStandardInputKept from './0030-image-standard-input-kept.js';

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
  '0008-vessels': vessels,
  '0009-inspection-details': inspectionDetails,
  '0010-prediction-surface-pixels': predictionSurfacePixels,
  '0011-request-image-price': requestImagePrice,
  '0012-prediction-confidence': predictionConfidence,
  '0013-project-content-versions': projectContentVersions,
  '0014-prediction-crash-counts': predictionCrashCounts,
  '0015-data-exports': dataExports,
  '0016-organisations': organisations,
  '0017-image-quality': imageQuality,
  '0018-hull-plan': hullPlan,
  '0019-api-keys': apiKeys,
  '0020-webhooks': webhooks,
  '0021-verified-records': verifiedRecords,
  '0022-image-plan-positions': imagePlanPositions,
  '0023-cleanings': cleanings,
  '0024-review-confusion': reviewConfusion,
  '0025-vessel-ga-drawing': vesselGaDrawing,
  '0026-plan-version-and-key-creator': planVersionAndKeyCreator,
  '0027-prediction-model-name': predictionModelName,
  '0028-job-fair-key': jobFairKey,
  '0029-api-key-rate-windows': apiKeyRateWindows,
  '0030-image-standard-input-kept': imageStandardInputKept,
} as const satisfies Record<string, DialectMigration>;

/** This release's migrations by name, in order: a backup's schema must be one of them to restore. */
export const migrationNames: readonly string[] = Object.keys(migrations);

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

/**
 * Applies every pending migration, all in one transaction, so a failed one leaves the database as it
 * was. Kysely does so on PostgreSQL (with a lock, so concurrent starts of several processes are safe)
 * but runs SQLite's migrations outside a transaction, although SQLite can change its schema in one.
 */
export async function migrateToLatest(database: Database): Promise<void> {
  if (database.dialect !== 'sqlite') return throwOnFailure(await migratorFor(database).migrateToLatest());
  // Off outside the transaction (SQLite ignores the switch inside one): a migration that rebuilds a
  // table must not cascade its drop; every key is checked below before anything commits.
  await sql`pragma foreign_keys = off`.execute(database.db);
  try {
    await sql`begin immediate`.execute(database.db);
    let result: MigrationResultSet;
    try {
      result = await migratorFor(database).migrateToLatest();
      if (!result.error) await assertForeignKeysHold(database);
    } catch (error) {
      await sql`rollback`.execute(database.db);
      throw error;
    }
    if (result.error) {
      await sql`rollback`.execute(database.db);
      throwOnFailure(result);
    }
    await sql`commit`.execute(database.db);
  } finally {
    await sql`pragma foreign_keys = on`.execute(database.db);
  }
}

async function assertForeignKeysHold(database: Database): Promise<void> {
  const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(
    database.db,
  );
  if (rows.length > 0) {
    const where = [...new Set(rows.map((row) => `${row.table} → ${row.parent}`))].join(', ');
    throw new Error(`Database migration left rows without their parent: ${where}`);
  }
}

/** Applies pending migrations up to and including `name`: how a test builds an older schema. */
export async function migrateUpTo(database: Database, name: keyof typeof migrations): Promise<void> {
  throwOnFailure(await migratorFor(database).migrateTo(name));
}

/** Where a database's schema stands against this release's migrations. */
export interface SchemaStatus {
  /** Migrations of this release the database has not had yet, in order. */
  pending: string[];
  /** Migrations the database has had that this release does not know: a newer release applied them. */
  unknown: string[];
  /** The last migration applied, or null for an empty database. */
  current: string | null;
  /** This release's last migration. */
  latest: string;
}

/** Reads the migration table (created by Kysely's first migration) without changing anything. */
export async function schemaStatus(database: Database): Promise<SchemaStatus> {
  const known = Object.keys(migrations);
  const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((table) => table.name === DEFAULT_MIGRATION_TABLE)
    ? (
        await database.db
          .withTables<{ [DEFAULT_MIGRATION_TABLE]: { name: string } }>()
          .selectFrom(DEFAULT_MIGRATION_TABLE)
          .select('name')
          .orderBy('name')
          .execute()
      ).map((row) => row.name)
    : [];
  return {
    pending: known.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.includes(name)),
    current: applied.at(-1) ?? null,
    latest: known.at(-1)!,
  };
}
