import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked, run } from '../../client/test/packed-package.js';
import { version } from '../src/version.js';
import cliPackage from '../package.json' with { type: 'json' };

let installed: { folder: string; files: string[] };
beforeAll(async () => {
  installed = await installPacked('packages/cli', 'dist/hullscope.js');
}, 300_000);
afterAll(() => rm(installed.folder, { recursive: true, force: true }));

const hullscope = (...args: string[]) =>
  run(path.join(installed.folder, 'node_modules/.bin/hullscope'), args, {
    cwd: installed.folder,
    env: { ...process.env, HULLSCOPE_URL: '', HULLSCOPE_KEY: '', XDG_CONFIG_HOME: installed.folder },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('the packed @hullscope/cli', () => {
  it('installs the hullscope command, which states its version and commands', async () => {
    expect(installed.files.sort()).toEqual(['dist/hullscope.js', 'package.json']);
    expect(version).toBe(cliPackage.version);
    const shown = await hullscope('--version');
    expect(shown.stdout.trim()).toBe(cliPackage.version);
    const help = await hullscope('--help');
    for (const command of ['login', 'projects', 'upload', 'predict', 'report'])
      expect(help.stdout).toContain(command);
  });

  it('runs its client: an unreachable server is exit status 5, no login exit status 2', async () => {
    const notLoggedIn = await hullscope('projects', 'list');
    expect(notLoggedIn.code).toBe(2);
    expect(notLoggedIn.stderr).toContain('Not logged in');
    const unreachable = await run(
      path.join(installed.folder, 'node_modules/.bin/hullscope'),
      ['projects', 'list'],
      {
        cwd: installed.folder,
        env: { ...process.env, HULLSCOPE_URL: 'http://127.0.0.1:9', HULLSCOPE_KEY: 'hsk_x' },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(unreachable.code).toBe(5);
    expect(unreachable.stderr).toContain('Could not reach http://127.0.0.1:9/api/projects/');
  });
});
