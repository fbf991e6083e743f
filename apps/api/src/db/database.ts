import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';
import { sqliteDriver } from './sqlite-driver.js';

/** Where the data lives: DATABASE_URL, or the SQLite file in DATA_DIR. */
export type DatabaseConfig = { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; url: string };

export type Dialect = DatabaseConfig['dialect'];

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// COUNT and SUM arrive from PostgreSQL as strings (int8/numeric); our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

function openSqlite(filename: string): Kysely<DB> {
  mkdirSync(path.dirname(filename), { recursive: true });
  const Sqlite = sqliteDriver();
  const connection = new Sqlite(filename);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: connection }) });
}

function openPostgres(url: string): Kysely<DB> {
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }),
  });
}

export function openDatabase(config: DatabaseConfig): Database {
  const db = config.dialect === 'sqlite' ? openSqlite(config.filename) : openPostgres(config.url);
  return { db, dialect: config.dialect, destroy: () => db.destroy() };
}

export async function checkDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
