import { execFile } from 'node:child_process';
import { access, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Packs a workspace package as `npm pack` would publish it (building it first when its dist is
 * missing) and installs the tarball into a fresh folder, as a user outside this repository would.
 * Dependencies come from npm's cache when it has them.
 */
export async function installPacked(
  workspace: string,
  builtFile: string,
): Promise<{ folder: string; files: string[] }> {
  const built = await access(path.join(repositoryRoot, workspace, builtFile)).then(
    () => true,
    () => false,
  );
  if (!built) {
    await run(
      process.execPath,
      [path.join(repositoryRoot, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract'],
      {
        cwd: repositoryRoot,
      },
    );
    await run(npm, ['run', 'build', '-w', workspace], { cwd: repositoryRoot });
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'hullscope-packed-'));
  const { stdout } = await run(npm, ['pack', '--json', '--pack-destination', folder, '-w', workspace], {
    cwd: repositoryRoot,
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  await writeFile(
    path.join(folder, 'package.json'),
    JSON.stringify({ name: 'hullscope-consumer', private: true, type: 'module' }),
  );
  await run(
    npm,
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      path.join(folder, packed!.filename),
    ],
    { cwd: folder },
  );
  return { folder, files: packed!.files.map((file) => file.path) };
}
