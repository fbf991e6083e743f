import { mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateUpTo, schemaStatus } from '../../src/db/migrations/index.js';
import { MigrationFailedError } from '../../src/db/schema-check.js';
import { runAdmin, startAdmin } from '../support/admin-cli.js';
import { createDataHome, homeEnv } from '../support/server-process.js';
import { testDialect } from '../support/test-database.js';

const SPAWNING_TEST_TIMEOUT_MS = 180_000;

type Home = Awaited<ReturnType<typeof createDataHome>>;
let homes: Home[];
let backups: Home;

async function newHome(prefix: string): Promise<{ home: Home; env: Record<string, string> }> {
  const home = await createDataHome(prefix);
  homes.push(home);
  return {
    home,
    env: homeEnv(home),
  };
}

beforeEach(async () => {
  homes = [];
  backups = await createDataHome('hullscope-backups-');
  homes.push(backups);
});
afterEach(async () => {
  await Promise.all(homes.map((home) => home.remove()));
});

/** An installation with its schema and `count` small stored files in folders of 100. */
async function installationWithFiles(count: number) {
  const installed = await newHome('hullscope-backup-');
  await (await buildApp(loadConfig(installed.env))).close();
  for (let folder = 0; folder * 100 < count; folder += 1) {
    const dir = path.join(installed.home.dataDir, 'storage', 'bulk', String(folder));
    await mkdir(dir, { recursive: true });
    const inFolder = Math.min(100, count - folder * 100);
    await Promise.all(
      Array.from({ length: inFolder }, (_, index) =>
        writeFile(path.join(dir, `file-${index}.bin`), `stored file ${folder}/${index}\n`.repeat(20)),
      ),
    );
  }
  return installed;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

describe('a backup killed with SIGKILL', () => {
  it(
    'leaves the previous backup intact and no half backup that verify or restore accepts',
    async () => {
      const { env } = await installationWithFiles(3000);
      const first = path.join(backups.dataDir, 'first');
      const second = path.join(backups.dataDir, 'second');
      expect((await runAdmin(env, 'backup', '--to', first)).code).toBe(0);

      const child = startAdmin(env, 'backup', '--to', second);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      let finished = false;
      void exited.then(() => (finished = true));
      while (!(await exists(path.join(second, 'data')))) {
        if (finished) throw new Error('the backup ended before it began copying');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      child.kill('SIGKILL');
      expect(await exited, 'killed before it finished: give it more files if this fails').toBeNull();
      expect(await exists(path.join(second, 'manifest.json'))).toBe(false);

      const half = await runAdmin(env, 'backup', '--verify', second);
      expect(half.code).toBe(1);
      expect(half.stderr).toMatch(/is not a complete backup: it has no manifest\.json/);
      const whole = await runAdmin(env, 'backup', '--verify', first);
      expect(whole.code, whole.stderr).toBe(0);

      const listed = await runAdmin(env, 'backup', '--list', '--dir', backups.dataDir);
      expect(listed.stdout).toMatch(/^first {2}complete/m);
      expect(listed.stdout).toMatch(/^second {2}INCOMPLETE/m);

      const empty = await newHome('hullscope-restore-');
      const refused = await runAdmin(empty.env, 'restore', '--from', second);
      expect(refused.code).toBe(1);
      expect((await readdir(empty.home.dataDir)).filter((name) => name !== 'jwt-secret')).toEqual([]);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});

describe('backup --verify and restore', () => {
  it(
    'reports a corrupted and a missing file, refuses to restore that backup, and refuses a non-empty DATA_DIR',
    async () => {
      const { env, home } = await installationWithFiles(20);
      const folder = path.join(backups.dataDir, 'one');
      expect((await runAdmin(env, 'backup', '--to', folder)).code).toBe(0);

      const into = await newHome('hullscope-restore-');
      const overLive = await runAdmin(env, 'restore', '--from', folder);
      expect(overLive.code).toBe(1);
      expect(overLive.stderr).toMatch(/is not empty.*restore fills an empty DATA_DIR only/);

      const corrupted = path.join(folder, 'data', 'storage', 'bulk', '0', 'file-3.bin');
      const bytes = await readFile(corrupted);
      bytes[5] = bytes[5]! ^ 0xff;
      await writeFile(corrupted, bytes);
      await unlink(path.join(folder, 'data', 'storage', 'bulk', '0', 'file-4.bin'));
      const verified = await runAdmin(env, 'backup', '--verify', folder);
      expect(verified.code).toBe(1);
      expect(verified.stderr).toContain('data/storage/bulk/0/file-3.bin: its SHA-256 differs');
      expect(verified.stderr).toContain('data/storage/bulk/0/file-4.bin: missing');

      const restoring = await runAdmin(into.env, 'restore', '--from', folder);
      expect(restoring.code).toBe(1);
      expect(restoring.stderr).toMatch(/failed verification, nothing was restored/);
      expect((await readdir(into.home.dataDir)).filter((name) => name !== 'jwt-secret')).toEqual([]);
      // The live installation's own file is untouched by the backup's corruption.
      expect(
        (await readFile(path.join(home.dataDir, 'storage', 'bulk', '0', 'file-3.bin'), 'utf8')).startsWith(
          'stored file 0/3',
        ),
      ).toBe(true);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});

describe('a tampered manifest', () => {
  it(
    'naming a path that climbs out of DATA_DIR or the bucket is refused by verify and restore',
    async () => {
      const { env } = await installationWithFiles(5);
      const folder = path.join(backups.dataDir, 'tampered');
      expect((await runAdmin(env, 'backup', '--to', folder)).code).toBe(0);
      const manifestFile = path.join(folder, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
      const [listed] = manifest.files.filter((file: { path: string }) => file.path.startsWith('data/'));
      // The same bytes, listed where a restore would write them beside DATA_DIR instead of inside it.
      manifest.files.push({ ...listed, path: 'data/../escaped.bin' }, { ...listed, path: 'bucket/../x' });
      await writeFile(manifestFile, JSON.stringify(manifest));
      await writeFile(path.join(folder, 'escaped.bin'), await readFile(path.join(folder, listed.path)));

      const verified = await runAdmin(env, 'backup', '--verify', folder);
      expect(verified.code).toBe(1);
      expect(verified.stderr).toContain('data/../escaped.bin: not a path inside the backup');
      expect(verified.stderr).toContain('bucket/../x: not a path inside the backup');
      const into = await newHome('hullscope-restore-');
      const restoring = await runAdmin(into.env, 'restore', '--from', folder);
      expect(restoring.code).toBe(1);
      expect(await exists(path.join(path.dirname(into.home.dataDir), 'escaped.bin'))).toBe(false);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});

describe('backup --into', () => {
  it(
    'links unchanged files to the previous backup, keeps --keep backups and logs each outcome',
    async () => {
      const { env, home } = await installationWithFiles(50);
      const once = await runAdmin(env, 'backup', '--into', backups.dataDir, '--keep', '2');
      expect(once.code, once.stderr).toBe(0);
      await writeFile(path.join(home.dataDir, 'storage', 'bulk', '0', 'new.bin'), 'a new file');
      const twice = await runAdmin(env, 'backup', '--into', backups.dataDir, '--keep', '2');
      expect(twice.code, twice.stderr).toBe(0);

      const folders = (await readdir(backups.dataDir)).filter((name) => name.startsWith('hullscope-')).sort();
      expect(folders).toHaveLength(2);
      const [older, newer] = folders.map((name) => path.join(backups.dataDir, name));
      const unchanged = path.join('data', 'storage', 'bulk', '0', 'file-1.bin');
      expect((await stat(path.join(newer!, unchanged))).ino).toBe(
        (await stat(path.join(older!, unchanged))).ino,
      );
      expect(await exists(path.join(newer!, 'data', 'storage', 'bulk', '0', 'new.bin'))).toBe(true);
      const manifest = JSON.parse(await readFile(path.join(newer!, 'manifest.json'), 'utf8'));
      const databaseBytes = manifest.files.find(
        (file: { path: string }) => file.path === manifest.database,
      ).size;
      expect(manifest.bytes_written).toBe(databaseBytes + 'a new file'.length);

      const thrice = await runAdmin(env, 'backup', '--into', backups.dataDir, '--keep', '2');
      expect(thrice.stdout).toContain(`Removed an older backup: ${older}`);
      const listed = await runAdmin(env, 'backup', '--list', '--dir', backups.dataDir);
      expect(listed.stdout.match(/ complete /g)).toHaveLength(2);
      expect(listed.stdout.match(/ {2}ok {2}hullscope-/g)).toHaveLength(3);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});

describe('an upgrade whose migration fails', () => {
  it('leaves the database as it was and names the backup taken before it', async () => {
    const { env } = await newHome('hullscope-upgrade-');
    const config = loadConfig({ ...env, BACKUP_DIR: backups.dataDir });
    const database = openDatabase(config.database);
    try {
      await migrateUpTo(database, '0012-prediction-confidence');
      // What 0013 adds second, so its first column is added before it fails.
      await sql`alter table projects add column predictions_version integer`.execute(database.db);
    } finally {
      await database.destroy();
    }

    const failed = await buildApp(config).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(MigrationFailedError);
    expect((failed as Error).message).toMatch(
      /0013-project-content-versions failed.*The database is unchanged/s,
    );

    const after = openDatabase(config.database);
    try {
      expect((await schemaStatus(after)).current).toBe('0012-prediction-confidence');
      const columns = (await after.db.introspection.getTables()).find(
        (table) => table.name === 'projects',
      )!.columns;
      expect(columns.map((column) => column.name)).not.toContain('images_version');
      expect(columns.map((column) => column.name)).toContain('predictions_version');
    } finally {
      await after.destroy();
    }

    if (testDialect === 'sqlite') {
      // The embedded default backed up first and says where.
      const [folder] = (await readdir(backups.dataDir)).filter((name) => name.startsWith('hullscope-'));
      expect((failed as Error).message).toContain(`restore --from ${path.join(backups.dataDir, folder!)}`);
      const manifest = JSON.parse(
        await readFile(path.join(backups.dataDir, folder!, 'manifest.json'), 'utf8'),
      );
      expect(manifest.schema).toBe('0012-prediction-confidence');
    }
  });
});

describe.runIf(testDialect === 'sqlite')('an upgrade whose backup fails', () => {
  it('migrates nothing and says how to go on', async () => {
    const { env, home } = await newHome('hullscope-upgrade-');
    const blocked = path.join(home.dataDir, 'a-file');
    await writeFile(blocked, 'not a folder');
    const config = loadConfig({ ...env, BACKUP_DIR: path.join(blocked, 'backups') });
    const database = openDatabase(config.database);
    try {
      await migrateUpTo(database, '0012-prediction-confidence');
    } finally {
      await database.destroy();
    }
    const failed = await buildApp(config).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(MigrationFailedError);
    expect((failed as Error).message).toMatch(/The backup before migrating failed, so nothing was migrated/);
    expect((failed as Error).message).toContain('BACKUP_BEFORE_MIGRATE=false');
    const after = openDatabase(config.database);
    try {
      expect((await schemaStatus(after)).current).toBe('0012-prediction-confidence');
    } finally {
      await after.destroy();
    }
  });
});

describe.runIf(testDialect === 'postgres')('backup on PostgreSQL without its client tools', () => {
  it(
    'says which package to install',
    async () => {
      const { env } = await newHome('hullscope-no-pgdump-');
      await (await buildApp(loadConfig(env))).close();
      const result = await runAdmin(
        { ...env, PATH: '/nonexistent' },
        'backup',
        '--to',
        path.join(backups.dataDir, 'x'),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/pg_dump was not found on PATH: install PostgreSQL's client tools/);
      expect(result.stderr).toContain('apt-get install postgresql-client');
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});
