import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, readModelFolder } from '../../src/inference/model-files.js';

const fixture = fileURLToPath(new URL('../fixtures/models/color-classes', import.meta.url));

let folder: string;
beforeEach(async () => {
  folder = path.join(await mkdtemp(path.join(tmpdir(), 'hullscope-manifest-')), 'model');
  await cp(fixture, folder, { recursive: true });
});
afterEach(() => rm(path.dirname(folder), { recursive: true, force: true }));

async function editManifest(edit: (manifest: { classes: Record<string, unknown>[] }) => void) {
  const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8'));
  edit(manifest);
  await writeFile(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest));
}

describe('reading a model folder: fouling categories', () => {
  it('reads each class with its fouling category', async () => {
    const { manifest } = await readModelFolder(folder);
    expect(manifest.classes.map((modelClass) => modelClass.fouling_category)).toEqual([
      'none',
      'macrofouling',
      'microfouling',
      'none',
    ]);
  });

  it('refuses a class without a category, naming the class', async () => {
    await editManifest((manifest) => delete manifest.classes[1]!.fouling_category);
    await expect(readModelFolder(folder)).rejects.toThrow(
      `class "Hard Fouling" (classes.1) fouling_category: missing: declare the class's fouling category, one of none, microfouling, macrofouling`,
    );
  });

  it('refuses an unknown category', async () => {
    await editManifest((manifest) => (manifest.classes[2]!.fouling_category = 'slime'));
    await expect(readModelFolder(folder)).rejects.toThrow(
      'class "Light Slime" (classes.2) fouling_category: must be one of none, microfouling, macrofouling',
    );
  });

  it('refuses fouling on a class left out of the percentages: it is not part of the rated surface', async () => {
    await editManifest((manifest) => (manifest.classes[0]!.fouling_category = 'macrofouling'));
    await expect(readModelFolder(folder)).rejects.toThrow(
      'class "Background" (classes.0) fouling_category: must be none for a class left out of the percentages',
    );
  });
});
