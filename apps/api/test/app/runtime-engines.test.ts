import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../support/server-process.js';

interface LockedPackage {
  version?: string;
  dev?: boolean;
  engines?: { node?: string };
}

/**
 * Loaded only where it runs (Node 22.14+, `db/sqlite-driver.ts`); Node 20 loads better-sqlite3 12.
 * Keyed by its place in node_modules, so no other package can hide behind it.
 */
const LOADED_ONLY_ON_NEWER_NODE = new Set(['node_modules/better-sqlite3-napi']);

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(path.join(repositoryRoot, file), 'utf8')) as T;
}

describe('the Node.js version the README promises', () => {
  it('is the oldest the repository declares, and every package the product installs accepts it', async () => {
    const root = await readJson<{ engines: { node: string } }>('package.json');
    const oldest = semver.minVersion(root.engines.node)!.version;
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${oldest.replace(/\.0$/, '')} or newer`);

    const lock = await readJson<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const refusing = Object.entries(lock.packages)
      .filter(([place, entry]) => !entry.dev && !LOADED_ONLY_ON_NEWER_NODE.has(place))
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([place, entry]) => `${place}@${entry.version} (node ${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});
