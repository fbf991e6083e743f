import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { migrateToLatest, migrateUpTo, schemaStatus } from '../../src/db/migrations/index.js';
import { SchemaMismatchError } from '../../src/db/schema-check.js';
import { createDataHome, repositoryRoot, startWorkerProcess } from '../support/server-process.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

let home: Awaited<ReturnType<typeof createDataHome>>;
let env: Record<string, string>;
let database: Database;

beforeEach(async () => {
  home = await createDataHome('hullscope-schema-');
  env = {
    DATA_DIR: home.dataDir,
    DATABASE_URL: home.database.url,
    MODELS_DIR: FIXTURE_MODELS_DIR,
    LOG_LEVEL: 'silent',
  };
  database = openDatabase(loadConfig(env).database);
});
afterEach(async () => {
  await database.destroy();
  await home.remove();
});

/** Runs a process to its end and returns its status and output. */
function run(child: ReturnType<typeof spawn>): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

function npmRunMigrate(): Promise<{ code: number | null; output: string }> {
  return run(
    spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/admin.ts', 'migrate'],
      { cwd: repositoryRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
}

/** What a newer release leaves behind: a migration this one has never heard of. */
async function applyMigrationOfANewerRelease(): Promise<void> {
  await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', ${new Date().toISOString()})`.execute(
    database.db,
  );
}

describe('a database older than this release', () => {
  it('is migrated at start by default (the embedded, single-process installation)', async () => {
    await migrateUpTo(database, '0005-installation');
    const app = await buildApp(loadConfig(env));
    await app.close();
    expect((await schemaStatus(database)).pending).toEqual([]);
  });

  it('with MIGRATE_ON_START=false, stops the API and the worker with what to run; `npm run migrate` fixes it', async () => {
    await migrateUpTo(database, '0005-installation');
    const strict = { ...env, MIGRATE_ON_START: 'false' };
    // Every migration after 0005, whatever later releases add.
    const { pending, latest } = await schemaStatus(database);
    expect(pending.slice(0, 2)).toEqual(['0006-pending-email', '0007-throttle-events']);

    const refusal = buildApp(loadConfig(strict));
    await expect(refusal).rejects.toThrow(SchemaMismatchError);
    await expect(refusal).rejects.toThrow(
      `schema is older than this release: it is at 0005-installation and needs ${pending.join(', ')}. Run \`npm run migrate\``,
    );
    const worker = await run(startWorkerProcess(strict, ['ignore', 'pipe', 'pipe']));
    expect(worker.code).toBe(1);
    expect(worker.output.trim()).toMatch(/^The database schema is older than this release.*npm run migrate/);
    expect((await schemaStatus(database)).current).toBe('0005-installation');

    const migrated = await npmRunMigrate();
    expect(migrated.code).toBe(0);
    expect(migrated.output).toMatch(
      new RegExp(`Applied ${pending.length} migration\\(s\\): ${pending.join(', ')}\\.\n$`),
    );
    // The embedded default backs up first (BACKUP_BEFORE_MIGRATE); PostgreSQL leaves that to the operator.
    expect(migrated.output.includes('Backed up before migrating:')).toBe(
      home.database.url.startsWith('sqlite:'),
    );
    expect((await npmRunMigrate()).output).toBe(`The database schema is up to date (${latest}).\n`);
    const app = await buildApp(loadConfig(strict));
    await app.close();
  }, 120_000);
});

describe('a database a newer release has migrated', () => {
  it('is refused by the API, the worker and `npm run migrate`, whatever MIGRATE_ON_START says', async () => {
    await migrateToLatest(database);
    await applyMigrationOfANewerRelease();

    await expect(buildApp(loadConfig(env))).rejects.toThrow(
      /schema is newer than this release: it has migration\(s\) 9999-from-the-future that this release does not know/,
    );
    const worker = await run(startWorkerProcess(env, ['ignore', 'pipe', 'pipe']));
    expect(worker.code).toBe(1);
    expect(worker.output).toMatch(/^The database schema is newer than this release/);
    const migrate = await npmRunMigrate();
    expect(migrate.code).toBe(1);
    expect(migrate.output).toMatch(/^The database schema is newer than this release/);
  }, 120_000);
});
