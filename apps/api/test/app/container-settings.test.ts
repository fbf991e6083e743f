import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../src/config.js';
import { repositoryRoot } from '../support/server-process.js';

const read = (file: string) => readFile(path.join(repositoryRoot, file), 'utf8');

/** The variables named in the first column of the configuration table of docs/operations.md. */
async function documentedSettings(): Promise<string[]> {
  const page = await read('docs/operations.md');
  const table = page.split('\n## Configuration\n')[1]!.split('\n### ')[0]!;
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => line.split('|')[1]!.match(/[A-Z][A-Z0-9_]+/g) ?? []);
}

describe('.env.example, the environment of the compose files', () => {
  it('lists every setting of docs/operations.md and of the configuration in .env.example, none set to an empty value', async () => {
    const example = await read('.env.example');
    const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
    const settings = await documentedSettings();
    expect(settings.length).toBeGreaterThan(60);
    expect(settings.filter((name) => !named.has(name))).toEqual([]);
    expect(Object.keys(EnvSchema.shape).filter((name) => !named.has(name))).toEqual([]);
    expect(example.match(/^[A-Z][A-Z0-9_]+=$/gm)).toBeNull();
  });
});
