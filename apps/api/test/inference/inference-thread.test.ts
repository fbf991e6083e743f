import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { InferenceThread, InferenceThreadError } from '../../src/inference/inference-thread.js';
import { MODEL_FILE, type ModelFolder, readModelFolder } from '../../src/inference/model-files.js';
import { segment } from '../../src/inference/segment.js';
import { SessionCache } from '../../src/inference/session-cache.js';
import { noiseImage } from '../support/images.js';
import { repositoryRoot } from '../support/server-process.js';
import { FIXTURE_MODELS_DIR } from '../support/test-app.js';

let folder: ModelFolder;
let modelPath: string;
const oneRun = new SessionCache(1, 1);
const twoRuns = new SessionCache(1, 2);
beforeAll(async () => {
  folder = await readModelFolder(path.join(FIXTURE_MODELS_DIR, 'color-classes'));
  modelPath = path.join(folder.directory, MODEL_FILE);
});
afterAll(() => Promise.all([oneRun.close(), twoRuns.close()]));

/** A padded tile of pseudo-random pixels, as segment() sends them. */
const tile = (width = 64, height = 32) => ({ ...noiseImage(width, height, 7), width, height, copied: true });
/** The core of a default tile: all of it. */
const WHOLE_TILE = { x: 0, y: 0, width: 64, height: 32 };

describe('model runs in inference threads', () => {
  it('spreads tiles over two parallel runs and gives the same classes as with one', async () => {
    const image = noiseImage(333, 257, 99);
    const options = { maxTilePixels: 96 * 96 };
    const one = await segment(
      await oneRun.get(modelPath, folder.manifest.input),
      folder.manifest,
      image,
      options,
    );
    const session = await twoRuns.get(modelPath, folder.manifest.input);
    expect(session.parallelRuns).toBe(2);
    // Which thread each tile went to: both must work, or the second run buys nothing.
    const threadsRunning = new Set<InferenceThread>();
    const request = InferenceThread.prototype.request;
    const spy = vi.spyOn(InferenceThread.prototype, 'request').mockImplementation(function (
      this: InferenceThread,
      ...args
    ) {
      if (args[0].kind === 'run') threadsRunning.add(this);
      return request.apply(this, args);
    });
    const two = await segment(session, folder.manifest, image, options).finally(() => spy.mockRestore());
    expect(threadsRunning.size).toBe(2);
    expect(Buffer.from(two.classes).equals(Buffer.from(one.classes))).toBe(true);
    expect([...two.counts]).toEqual([...one.counts]);
  });

  it("leaves the image's own pixels in place when the whole image is one tile", async () => {
    const image = noiseImage(320, 256, 5); // multiples of the stride: the tile is the image's own buffer
    const before = Buffer.from(image.data);
    const session = await twoRuns.get(modelPath, folder.manifest.input);
    await segment(session, folder.manifest, image, { maxTilePixels: Number.MAX_SAFE_INTEGER });
    expect(image.data.equals(before)).toBe(true);
  });

  it('moves a handed-over tile without copying it and copies one that is not', async () => {
    const session = await oneRun.get(modelPath, folder.manifest.input);
    const kept = tile();
    const copied = await session.run(kept, WHOLE_TILE);
    expect(kept.data.byteLength).toBe(64 * 32 * 3);
    const moved = tile();
    const handedOver = await session.run(moved, WHOLE_TILE, { handOver: true });
    expect(moved.data.byteLength).toBe(0);
    expect(Buffer.from(handedOver.classes).equals(Buffer.from(copied.classes))).toBe(true);
    expect(handedOver.logitsDims).toEqual([1, 4, 32, 64]);
    expect(handedOver.confidenceSum).toBe(copied.confidenceSum);
  });

  // A tile this small would come from Node's small-buffer pool with Buffer.allocUnsafe, and Node 21
  // and later refuse to transfer pool memory (DataCloneError); toModelInput allocates it outside.
  it('segments an image whose padded tile is smaller than a pooled buffer', async () => {
    const session = await oneRun.get(modelPath, folder.manifest.input);
    const image = noiseImage(20, 20, 3); // padded to 32 × 32: 3072 bytes, below the pool's 4 KB cut-off
    const whole = await segment(session, folder.manifest, image, { maxTilePixels: Number.MAX_SAFE_INTEGER });
    expect(whole.classes).toHaveLength(400);
    expect(whole.counts.reduce((sum, count) => sum + count, 0)).toBe(400);
  });

  it('answers a failed run with the reason and keeps working', async () => {
    const session = await oneRun.get(modelPath, folder.manifest.input);
    const wrongSize = { data: new Uint8Array(10), width: 64, height: 32, copied: true };
    await expect(session.run(wrongSize, WHOLE_TILE)).rejects.toThrow(/size|shape|dims|length/i);
    expect((await session.run(tile(), WHOLE_TILE)).classes).toHaveLength(64 * 32);
  });

  it('reports a model that cannot load with its path, and loads it once fixed', async () => {
    const missing = path.join(folder.directory, 'missing.onnx');
    await expect(oneRun.get(missing, folder.manifest.input)).rejects.toThrow(missing);
    await expect(oneRun.get(modelPath, folder.manifest.input)).resolves.toBeDefined();
  });

  it('fails what waits on a thread that has gone and starts a new one for the next request', async () => {
    const thread = new InferenceThread(1);
    const model = { path: modelPath, input: folder.manifest.input };
    await thread.request({ kind: 'load', model });
    // The close ends the thread, so the run sent after it is never answered there.
    const closing = thread.request({ kind: 'close' });
    const orphan = thread.request({ kind: 'run', model, tile: tile(), core: WHOLE_TILE });
    await closing;
    await expect(orphan).rejects.toThrow(InferenceThreadError);
    await expect(orphan).rejects.toThrow(/inference failed: the inference thread (exited|is closing)/);
    const answered = await thread.request({ kind: 'run', model, tile: tile(), core: WHOLE_TILE });
    expect(answered.output?.classes).toHaveLength(64 * 32);
    // While closing, new requests are refused; once closed, the next one starts a thread again.
    const closed = thread.close();
    await expect(thread.request({ kind: 'run', model, tile: tile(), core: WHOLE_TILE })).rejects.toThrow(
      'is closing',
    );
    await closed;
    expect(
      (await thread.request({ kind: 'run', model, tile: tile(), core: WHOLE_TILE })).output?.classes,
    ).toHaveLength(64 * 32);
    await thread.close();
  });

  it('releases its threads once idle, and loads the model again for the next run', async () => {
    const idle = new SessionCache(1, 2, 150);
    try {
      const session = await idle.get(modelPath, folder.manifest.input);
      const first = await session.run(tile(), WHOLE_TILE);
      expect(idle.threadsRunning).toBe(2);
      // Busy runs keep them: each use starts the idle time again.
      for (let run = 0; run < 3; run++) {
        await new Promise((resolve) => setTimeout(resolve, 80));
        await session.run(tile(), WHOLE_TILE);
        expect(idle.threadsRunning).toBe(2);
      }
      await vi.waitFor(() => expect(idle.threadsRunning).toBe(0), { timeout: 5000, interval: 20 });
      // The session answered before still works: its thread is started again and loads the model.
      const again = await session.run(tile(), WHOLE_TILE);
      expect(Buffer.from(again.classes).equals(Buffer.from(first.classes))).toBe(true);
      expect(idle.threadsRunning).toBeGreaterThan(0);
    } finally {
      await idle.close();
    }
  });

  it('waits for a release under way instead of failing a run sent meanwhile', async () => {
    const idle = new SessionCache(1, 1, 1);
    try {
      const session = await idle.get(modelPath, folder.manifest.input);
      await session.run(tile(), WHOLE_TILE);
      // Sent while the release is closing the thread (it starts 1 ms after the run above).
      const closeSpy = vi.spyOn(InferenceThread.prototype, 'close');
      await vi.waitFor(() => expect(closeSpy).toHaveBeenCalled(), { timeout: 5000, interval: 1 });
      closeSpy.mockRestore();
      const during = await session.run(tile(), WHOLE_TILE);
      expect(during.classes).toHaveLength(64 * 32);
    } finally {
      await idle.close();
    }
  });

  it('keeps the sessions of at most modelsKept models, releasing the least recently used, and loads one again when needed', async () => {
    // Three models: copies of the fixture under their own names, so each is its own session.
    const directory = await mkdtemp(path.join(tmpdir(), 'hullscope-models-kept-'));
    const kept = new SessionCache(1, 1, 0, 2);
    try {
      const [a, b, c] = await Promise.all(
        ['a', 'b', 'c'].map(async (name) => {
          const file = path.join(directory, `${name}.onnx`);
          await copyFile(modelPath, file);
          return file;
        }),
      );
      const sessionA = await kept.get(a!, folder.manifest.input);
      const sessionB = await kept.get(b!, folder.manifest.input);
      const firstB = await sessionB.run(tile(), WHOLE_TILE);
      await sessionA.run(tile(), WHOLE_TILE); // a is now the most recently used, b the least
      expect(await kept.loadedModels()).toEqual([[b, a]]);
      await kept.get(c!, folder.manifest.input);
      expect(await kept.loadedModels()).toEqual([[a, c]]);
      // b's session was released; a run of it loads it again and reads as before.
      const againB = await sessionB.run(tile(), WHOLE_TILE);
      expect(Buffer.from(againB.classes).equals(Buffer.from(firstB.classes))).toBe(true);
      expect(await kept.loadedModels()).toEqual([[c, b]]);
    } finally {
      await kept.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('keeps no session of a model that fails to load, and runs the one it released for it again', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'hullscope-models-kept-'));
    const kept = new SessionCache(1, 1, 0, 1);
    try {
      const broken = path.join(directory, 'broken.onnx');
      await writeFile(broken, 'not a model');
      const session = await kept.get(modelPath, folder.manifest.input);
      const first = await session.run(tile(), WHOLE_TILE);
      await expect(kept.get(broken, folder.manifest.input)).rejects.toThrow(broken);
      // The good model's session made room for the broken one first, then the broken one was not kept.
      expect(await kept.loadedModels()).toEqual([[]]);
      const again = await session.run(tile(), WHOLE_TILE);
      expect(Buffer.from(again.classes).equals(Buffer.from(first.classes))).toBe(true);
      expect(await kept.loadedModels()).toEqual([[modelPath]]);
    } finally {
      await kept.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('keeps its threads when the idle release is 0', async () => {
    const kept = new SessionCache(1, 1, 0);
    try {
      await (await kept.get(modelPath, folder.manifest.input)).run(tile(), WHOLE_TILE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(kept.threadsRunning).toBe(1);
    } finally {
      await kept.close();
    }
  });

  it('does not keep a process alive once its runs are answered, closed or not', async () => {
    for (const ending of ['', 'await sessions.close();']) {
      const script = `
        import { SessionCache } from './apps/api/src/inference/session-cache.ts';
        const sessions = new SessionCache(1, 2);
        const session = await sessions.get(${JSON.stringify(modelPath)}, ${JSON.stringify(folder.manifest.input)});
        const { classes } = await session.run({ data: new Uint8Array(32 * 32 * 3), width: 32, height: 32, copied: true }, { x: 0, y: 0, width: 32, height: 32 });
        console.log('ran', classes.length);
        ${ending}
      `;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', '--input-type=module', '--eval', script],
        { cwd: repositoryRoot, timeout: 20_000 },
      );
      expect(stdout.trim()).toBe('ran 1024');
    }
  });
});
