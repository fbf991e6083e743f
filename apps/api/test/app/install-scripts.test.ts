import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/server-process.js';

interface LockedPackage {
  name?: string;
  version?: string;
}

interface Manifest {
  scripts?: Record<string, string>;
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(path.join(repositoryRoot, file), 'utf8')) as T;
}

/** As npm decides it: an install-time script, or a binding.gyp, for which npm runs node-gyp itself. */
async function hasInstallScript(place: string): Promise<boolean> {
  const folder = path.join(repositoryRoot, place);
  const { scripts = {} } = await readJson<Manifest>(path.join(place, 'package.json'));
  return (
    ['preinstall', 'install', 'postinstall'].some((name) => name in scripts) ||
    existsSync(path.join(folder, 'binding.gyp'))
  );
}

describe("npm's install-script policy (package.json allowScripts, issue 45 §17)", () => {
  it("skips onnxruntime-node's script, which downloads GPU binaries and fails offline", async () => {
    const root = await readJson<{ allowScripts?: Record<string, boolean> }>('package.json');
    expect(root.allowScripts?.['onnxruntime-node']).toBe(false);
    // npm 11 warns that a package's own setting in .npmrc stops working in its next major.
    expect(await readFile(path.join(repositoryRoot, '.npmrc'), 'utf8')).not.toMatch(/onnxruntime/);
  });

  it('decides on every installed package with an install script, so `npm ci` lists none as unreviewed', async () => {
    const { allowScripts = {} } = await readJson<{ allowScripts?: Record<string, boolean> }>('package.json');
    const lock = await readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const undecided: string[] = [];
    for (const [place, entry] of Object.entries(lock.packages)) {
      // The root, workspaces, and optional packages of other platforms, which are not installed here.
      if (!place.includes('node_modules/') || !existsSync(path.join(repositoryRoot, place, 'package.json')))
        continue;
      const name = entry.name ?? place.slice(place.lastIndexOf('node_modules/') + 'node_modules/'.length);
      if (!(name in allowScripts) && (await hasInstallScript(place)))
        undecided.push(`${name}@${entry.version}`);
    }
    expect(undecided).toEqual([]);
  });
});
