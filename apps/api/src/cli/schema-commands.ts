import { loadConfig } from '../load-config.js';
import { openDatabase } from '../db/database.js';
import { schemaStatus } from '../db/migrations/index.js';
import { prepareSchema } from '../db/schema-check.js';
import { schemaPreparation } from '../backup/schema-preparation.js';

/**
 * `npm run migrate`: brings the configured database to this release's schema. In a deployment of
 * several processes (MIGRATE_ON_START=false) this is the one step that changes the schema, run once
 * per release before the new API and worker processes start. A schema a newer release migrated is
 * refused, as the server refuses it.
 */
export async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const before = await schemaStatus(database);
    await prepareSchema(
      database,
      schemaPreparation(config, (message) => console.error(message), true),
    );
    if (before.pending.length === 0) {
      console.log(`The database schema is up to date (${before.latest}).`);
    } else {
      console.log(`Applied ${before.pending.length} migration(s): ${before.pending.join(', ')}.`);
    }
  } finally {
    await database.destroy();
  }
}

/** `admin schema-status`: what `migrate` would do, changing nothing. */
export async function showSchemaStatus(): Promise<void> {
  const database = openDatabase(loadConfig().database);
  try {
    const status = await schemaStatus(database);
    console.log(`current: ${status.current ?? '(empty database)'}`);
    console.log(`this release: ${status.latest}`);
    console.log(`pending: ${status.pending.join(', ') || 'none'}`);
    if (status.unknown.length > 0) {
      console.log(`unknown to this release (applied by a newer one): ${status.unknown.join(', ')}`);
    }
  } finally {
    await database.destroy();
  }
}
