import { spawn } from 'node:child_process';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import pg from 'pg';
import { BackupError } from './backup-error.js';

const INSTALL_HINT =
  "install PostgreSQL's client tools, of the server's major version or newer " +
  '(Debian/Ubuntu: apt-get install postgresql-client; RHEL/Fedora: dnf install postgresql; ' +
  'Alpine: apk add postgresql-client; macOS: brew install libpq)';

/** Runs a PostgreSQL client tool; a missing tool or a failure is a BackupError naming what to do. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT' ? new BackupError(`${tool} was not found on PATH: ${INSTALL_HINT}.`) : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/** `pg_dump` in its custom format: compressed, and restorable table by table with pg_restore. */
export function dumpPostgres(url: string, file: string): Promise<void> {
  return runTool('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`]);
}

/** Into an empty database, in one transaction: a failed restore leaves it empty. */
export function restorePostgres(url: string, file: string): Promise<void> {
  return runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The database's last migration, or null when it has none. */
export function postgresSchemaOf(url: string): Promise<string | null> {
  return withClient(url, async (client) => {
    const table = await client.query('select to_regclass($1) as name', [DEFAULT_MIGRATION_TABLE]);
    if (!table.rows[0]?.name) return null;
    const last = await client.query<{ name: string }>(
      `select name from "${DEFAULT_MIGRATION_TABLE}" order by name desc limit 1`,
    );
    return last.rows[0]?.name ?? null;
  });
}

/** The tables of the database outside PostgreSQL's own schemas: none in a database ready for a restore. */
export function userTableCount(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const result = await client.query<{ count: string }>(
      "select count(*) as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0]?.count ?? 0);
  });
}
