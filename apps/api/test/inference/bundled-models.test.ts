import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkModel } from '../../src/inference/check-model.js';
import { MODEL_FILE, listModelFolders, readModelFolder } from '../../src/inference/model-files.js';

const modelsDir = fileURLToPath(new URL('../../../../models', import.meta.url));
const folders = await listModelFolders(modelsDir);

const EXPECTED_CLASSES: Record<string, string[]> = {
  base: ['Background', 'Clean Structure', 'Slime/Algae', 'Soft Fouling', 'Hard Fouling'],
  evo: ['Background', 'Clean Structure', 'Light Slime', 'Heavy Slime/Algae', 'Soft Fouling', 'Hard Fouling'],
};

/** The categories the model cards explain (their "Fouling categories" section). */
const EXPECTED_CATEGORIES: Record<string, string[]> = {
  base: ['none', 'none', 'microfouling', 'macrofouling', 'macrofouling'],
  evo: ['none', 'none', 'microfouling', 'macrofouling', 'macrofouling', 'macrofouling'],
};

describe('bundled models', () => {
  it('ships Base and Evo', () => {
    expect(folders.map((folder) => path.basename(folder))).toEqual(expect.arrayContaining(['base', 'evo']));
  });

  describe.each(folders.map((folder) => [path.basename(folder), folder]))('%s', (key, folder) => {
    it('has a valid manifest with Background first and excluded from percentages', async () => {
      const { manifest } = await readModelFolder(folder);
      expect(manifest.classes[0]).toEqual({
        label: 'Background',
        hex_color: '#000000',
        in_percentages: false,
        fouling_category: 'none',
      });
      expect(manifest.classes.slice(1).every((modelClass) => modelClass.in_percentages)).toBe(true);
      if (EXPECTED_CLASSES[key])
        expect(manifest.classes.map((modelClass) => modelClass.label)).toEqual(EXPECTED_CLASSES[key]);
      if (EXPECTED_CATEGORIES[key])
        expect(manifest.classes.map((modelClass) => modelClass.fouling_category)).toEqual(
          EXPECTED_CATEGORIES[key],
        );
      expect(new Set(manifest.classes.map((modelClass) => modelClass.hex_color.toLowerCase())).size).toBe(
        manifest.classes.length,
      );
    });

    it('is at most 10 MB', async () => {
      expect((await stat(path.join(folder, MODEL_FILE))).size).toBeLessThanOrEqual(10 * 1024 * 1024);
    });

    it('loads in onnxruntime-node and answers classes × H × W for 801 × 533 padded to its stride', async () => {
      await expect(
        checkModel(await readModelFolder(folder), { width: 801, height: 533 }),
      ).resolves.toBeUndefined();
    });
  });
});
