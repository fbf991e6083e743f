import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/load-config.js';
import { signUp } from '../support/accounts.js';
import { uploadBandedPhotos } from '../support/images.js';
import { createProject } from '../support/projects.js';
import { createDataHome, homeEnv, repositoryRoot } from '../support/server-process.js';

const run = promisify(execFile);
const DOCUMENTED_BACKUPS = '/var/backups/hullscope';
const SPAWNING_TEST_TIMEOUT_MS = 240_000;

type Home = Awaited<ReturnType<typeof createDataHome>>;
let source: Home;
let restored: Home;
let backups: string;

beforeAll(async () => {
  source = await createDataHome('hullscope-documented-');
  restored = await createDataHome('hullscope-documented-restored-');
  backups = await mkdtemp(path.join(tmpdir(), 'hullscope-documented-backups-'));
});
afterAll(async () => {
  await Promise.all([source.remove(), restored.remove(), rm(backups, { recursive: true, force: true })]);
});

function envOf(home: Home): Record<string, string> {
  return homeEnv(home);
}

/** The shell lines of the block after `<!-- tested: <name> -->` in docs/operations.md. */
async function documentedBlock(name: string): Promise<string[]> {
  const page = await readFile(path.join(repositoryRoot, 'docs', 'operations.md'), 'utf8');
  const match = new RegExp(`<!-- tested: ${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(page);
  if (!match) throw new Error(`docs/operations.md has no tested block "${name}"`);
  return match[1]!.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
}

/** Runs each line as written, with the documented backups folder moved to a temporary one. */
async function runAsDocumented(name: string, env: Record<string, string>): Promise<string> {
  let output = '';
  for (const line of await documentedBlock(name)) {
    const command = line.replaceAll(DOCUMENTED_BACKUPS, backups);
    const result = await run('bash', ['-c', command], {
      cwd: repositoryRoot,
      env: { ...process.env, ...env },
    }).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`"${line}" failed:\n${error.stderr}`);
    });
    output += result.stdout;
  }
  return output;
}

describe('the backup and restore commands of docs/operations.md, run as written', () => {
  it(
    'back up an installation and restore it into an empty one that then holds its users and images',
    async () => {
      const app = await buildApp(loadConfig(envOf(source)));
      let headers: { authorization: string };
      let projectId: number;
      try {
        const user = await signUp(app, path.join(source.dataDir, 'outbox'));
        headers = user.headers;
        projectId = await createProject(app, headers, { name: 'Documented', location: 'Quay' });
        await uploadBandedPhotos(app, headers, projectId, 2, [400, 300]);
      } finally {
        await app.close();
      }

      const backedUp = await runAsDocumented('backup', envOf(source));
      expect(backedUp).toMatch(/Backup complete/);
      expect(backedUp).toMatch(/is complete: \d+ files match their SHA-256/);
      expect(backedUp).toMatch(/^before-upgrade {2}complete/m);

      await runAsDocumented('restore', envOf(restored));
      const restoredApp = await buildApp(loadConfig(envOf(restored)));
      try {
        const thumbnails = await restoredApp.inject({
          method: 'GET',
          url: `/api/projects/${projectId}/thumbnails/`,
          headers: headers!,
        });
        expect(thumbnails.statusCode, thumbnails.body).toBe(200);
        expect(thumbnails.json()).toHaveLength(2);
      } finally {
        await restoredApp.close();
      }
    },
    SPAWNING_TEST_TIMEOUT_MS,
  );
});
