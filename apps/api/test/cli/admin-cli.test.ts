import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { login } from '../support/accounts.js';
import { type TestDatabase, createTestDatabase } from '../support/test-database.js';

const run = promisify(execFile);
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let dataDir: string;
let database: TestDatabase;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hullscope-cli-'));
  database = await createTestDatabase(dataDir);
});
afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Each test runs the CLI several times, each a fresh Node process with tsx: seconds apiece on a busy machine. */
const SPAWNING_TEST_TIMEOUT_MS = 120_000;

function admin(...args: string[]) {
  return adminWith({}, ...args);
}

async function adminWith(
  extraEnv: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/api/src/cli/admin.ts', ...args],
      {
        cwd: repositoryRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url, ...extraEnv },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin', () => {
  it(
    'creates a confirmed user who can log in at once, grants credits and lists users',
    async () => {
      const created = await admin(
        'create-user',
        '--username',
        'harbour_ops',
        '--email',
        'ops@harbour-services.eu',
        '--password',
        'Quay-Wall-Inspection-5',
        '--first-name',
        'Grace',
        '--last-name',
        'Hopper',
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(
        /Created confirmed user harbour_ops \(id \d+, ops@harbour-services.eu\) with 50 credits/,
      );

      const granted = await admin(
        'grant-credits',
        '--username',
        'harbour_ops',
        '--amount',
        '25',
        '--reason',
        'pilot',
      );
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.stdout).toContain('Granted 25 credits to harbour_ops (pilot). Balance: 75.');

      const listed = await admin('list-users');
      expect(listed.stdout).toMatch(/harbour_ops.*ops@harbour-services.eu.*yes.*75/);

      const app = await buildApp(
        loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          LOG_LEVEL: 'silent',
          WEB_DIST_DIR: dataDir,
        }),
      );
      try {
        const response = await login(app, 'harbour_ops', 'Quay-Wall-Inspection-5');
        expect(response.statusCode).toBe(200);
        const transactions = await app.inject({
          method: 'GET',
          url: '/api/transactions/',
          headers: { authorization: `Bearer ${response.json().access}` },
        });
        expect(transactions.json()).toEqual([
          expect.objectContaining({ kind: 'signup_bonus', amount: 50 }),
          expect.objectContaining({ kind: 'admin_grant', amount: 25, reason: 'pilot' }),
        ]);
      } finally {
        await app.close();
      }
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );

  it(
    'exits non-zero with the reasons on bad input',
    async () => {
      const weak = await admin(
        'create-user',
        '--username',
        'x1',
        '--email',
        'x1@gmail.com',
        '--password',
        '1234',
      );
      expect(weak.code).toBe(1);
      expect(weak.stderr).toContain('email: Please register with your company e-mail address');
      expect(weak.stderr).toContain('This password is entirely numeric.');

      const unknown = await admin('grant-credits', '--username', 'ghost', '--amount', '5', '--reason', 'x');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user named "ghost".');

      const negative = await admin(
        'grant-credits',
        '--username',
        'harbour_ops',
        '--amount',
        '-5',
        '--reason',
        'x',
      );
      expect(negative.code).toBe(1);
      expect(negative.stderr).toContain('positive whole number');

      expect((await admin('no-such-command')).code).not.toBe(0);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});

describe('npm run admin: models and resolutions', () => {
  it(
    'adds a checked model, deactivates and reactivates it, and sets resolution prices',
    async () => {
      const modelsDir = path.join(dataDir, 'models');
      const fixture = path.join(repositoryRoot, 'apps/api/test/fixtures/models/color-classes');
      const adminWithModels = (...args: string[]) => adminWith({ MODELS_DIR: modelsDir }, ...args);

      const added = await adminWithModels('add-model', '--dir', fixture, '--key', 'colors');
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toMatch(/Registered model Color Classes 0\.0\.1 as "colors" \(id \d+\), active\./);
      expect((await adminWithModels('list-models')).stdout).toMatch(/colors.*Color Classes.*0\.0\.1.*yes/);

      expect((await adminWithModels('deactivate-model', '--key', 'colors')).stdout).toContain(
        'is now inactive',
      );
      expect((await adminWithModels('list-models')).stdout).toMatch(/colors.*Color Classes.*no/);
      expect((await adminWithModels('activate-model', '--key', 'colors')).stdout).toContain('is now active');
      expect((await adminWithModels('deactivate-model', '--key', 'nope')).code).toBe(1);

      const priced = await adminWithModels('set-resolution-price', '--name', 'fullhd', '--price', '3');
      expect(priced.stdout).toContain('Full HD (max 1920 px) now costs 3 credits per image.');
      expect((await adminWithModels('list-resolutions')).stdout).toMatch(/fullhd.*1920.*3/);
      expect((await adminWithModels('set-resolution-price', '--name', 'fullhd', '--price', '-1')).code).toBe(
        1,
      );
      expect((await adminWithModels('set-resolution-price', '--name', '8k', '--price', '1')).code).toBe(1);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a model whose output does not match its manifest',
    async () => {
      const broken = path.join(dataDir, 'broken-model');
      const fixture = path.join(repositoryRoot, 'apps/api/test/fixtures/models/color-classes');
      await cp(fixture, broken, { recursive: true });
      const manifest = JSON.parse(await readFile(path.join(broken, 'manifest.json'), 'utf8'));
      manifest.classes.push({
        label: 'Extra',
        hex_color: '#ffffff',
        in_percentages: true,
        fouling_category: 'macrofouling',
      });
      await writeFile(path.join(broken, 'manifest.json'), JSON.stringify(manifest));
      const refused = await adminWith(
        { MODELS_DIR: path.join(dataDir, 'models') },
        'add-model',
        '--dir',
        broken,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/answers 1x4x544x832 .* manifest expects 1x5x544x832/);
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a manifest with a class that declares no fouling category, naming the class',
    async () => {
      const uncategorised = path.join(dataDir, 'uncategorised-model');
      const fixture = path.join(repositoryRoot, 'apps/api/test/fixtures/models/color-classes');
      await cp(fixture, uncategorised, { recursive: true });
      const manifest = JSON.parse(await readFile(path.join(uncategorised, 'manifest.json'), 'utf8'));
      delete manifest.classes[2].fouling_category;
      await writeFile(path.join(uncategorised, 'manifest.json'), JSON.stringify(manifest));
      const refused = await adminWith(
        { MODELS_DIR: path.join(dataDir, 'models') },
        'add-model',
        '--dir',
        uncategorised,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        'class "Light Slime" (classes.2) fouling_category: missing: declare the class\'s fouling category, one of none, microfouling, macrofouling',
      );
      expect(
        (await adminWith({ MODELS_DIR: path.join(dataDir, 'models') }, 'list-models')).stdout,
      ).not.toContain('uncategorised');
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});
