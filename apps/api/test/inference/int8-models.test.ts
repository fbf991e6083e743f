import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MODEL_FILE, listModelFolders, readModelFolder } from '../../src/inference/model-files.js';
import { SessionCache } from '../../src/inference/session-cache.js';
import { classesOfScene, readReference } from '../fixtures/int8/int8-reference.js';

/**
 * Issue 44: a model quantised to INT8 (ml/quantize.py) must give, through the fused graph the
 * pipeline runs, its fp32 build's class on at least 99 % of the pixels of a fixed generated scene.
 * The INT8 builds are kept under models/int8/ for operators to deploy (docs/models.md); the bundled
 * defaults run fp32, since INT8 is not 1.8x faster than fp32 with the same graph rewrites. The fp32
 * build's classes are stored (fixtures/int8/, written by make-int8-reference.ts) rather than the
 * fp32 model itself: 3 MB per model, where the test fixtures here stay under 1 MB.
 */
const MIN_AGREEMENT = 0.99;
const int8Dir = fileURLToPath(new URL('../../../../models/int8', import.meta.url));
const folders = await Promise.all((await listModelFolders(int8Dir)).map((dir) => readModelFolder(dir)));
const int8 = folders.filter((folder) => folder.manifest.precision === 'int8');

const sessions = new SessionCache(2);
afterAll(() => sessions.close());

describe('INT8 builds', () => {
  it('include Base, every one marked INT8 (Evo missed the 99 % on the scene: ml/reports/training-history.md "INT8 builds")', () => {
    expect(folders.map((folder) => folder.key)).toEqual(expect.arrayContaining(['base']));
    expect(int8).toEqual(folders);
  });

  it.each(int8.map((folder) => [folder.key, folder] as const))(
    '%s: the fused INT8 graph reads the fixed scene as the fp32 build does on ≥ 99 % of pixels',
    async (key, folder) => {
      const reference = await readReference(key);
      // A reference from another version of the model says nothing about this one.
      expect({ name: reference.facts.name, version: reference.facts.version }).toEqual({
        name: folder.manifest.name,
        version: folder.manifest.version,
      });
      const session = await sessions.get(path.join(folder.directory, MODEL_FILE), folder.manifest.input);
      const quantised = await classesOfScene(session, folder.manifest);
      expect([quantised.width, quantised.height]).toEqual([reference.width, reference.height]);
      let same = 0;
      for (let pixel = 0; pixel < quantised.classes.length; pixel += 1) {
        if (quantised.classes[pixel] === reference.classes[pixel]) same += 1;
      }
      expect(same / quantised.classes.length).toBeGreaterThanOrEqual(MIN_AGREEMENT);
      // The confidence branch stays float around the INT8 model: close to the fp32 build's.
      expect(Math.abs(quantised.confidence - reference.facts.confidence)).toBeLessThan(0.02);
    },
  );
});
