import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
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

/**
 * SQLite transactions begin IMMEDIATE, taking the file's write lock at once. Another process may
 * write to the same file (the admin CLI beside the server), and a deferred transaction that reads
 * (a count below a cap) and then writes after that process committed fails at once with
 * SQLITE_BUSY_SNAPSHOT, a 500, instead of waiting its turn for up to busy_timeout. Within one
 * process nothing changes: its one connection runs one transaction at a time anyway.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.settings);
  }
}

function openSqlite(filename: string): Kysely<DB> {
  mkdirSync(path.dirname(filename), { recursive: true });
  const Sqlite = sqliteDriver();
  const connection = new Sqlite(filename);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new ImmediateTransactionDialect({ database: connection }) });
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
