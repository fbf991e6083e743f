import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { loadConfig } from '../load-config.js';
import { openDatabase } from '../db/database.js';
import { prepareSchema } from '../db/schema-check.js';
import { schemaPreparation } from '../backup/schema-preparation.js';
import type { DB } from '../db/schema.js';

/** Thrown for bad operator input: printed as is, exit status 1. */
export class CommandError extends Error {}

export interface AdminContext {
  config: Config;
  db: Kysely<DB>;
}

/** Opens the configured database (its schema prepared as the server's) for one command, then closes it. */
export async function withAdminContext(work: (context: AdminContext) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await prepareSchema(
      database,
      schemaPreparation(config, (message) => console.error(message)),
    );
    await work({ config, db: database.db });
  } finally {
    await database.destroy();
  }
}
