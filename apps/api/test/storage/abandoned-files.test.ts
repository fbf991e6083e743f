import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ABANDONED_AFTER_MS, removeAbandonedFiles } from '../../src/storage/abandoned-files.js';
import { isPartialWrite } from '../../src/storage/local-storage.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const dirs: string[] = [];
let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Writes `file` (making its folders) last modified `ageMs` ago. */
async function plant(file: string, ageMs: number): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'x');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
  return file;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hullscope-abandoned-'));
  dirs.push(dir);
  return dir;
}

const HOUR = 60 * 60 * 1000;

describe('removeAbandonedFiles', () => {
  it('removes old temporary files at any depth and keeps recent ones and every other file', async () => {
    const dir = await tempDir();
    const oldTemporary = await plant(path.join(dir, 'a/b/c/original.jpg.1234.part'), 2 * HOUR);
    const oldTopLevel = await plant(path.join(dir, 'x.part'), 2 * HOUR);
    const recentTemporary = await plant(path.join(dir, 'a/pred.png.5678.part'), 10 * 60 * 1000);
    const oldOrdinary = await plant(path.join(dir, 'a/b/c/original.jpg'), 2 * HOUR);

    const result = await removeAbandonedFiles(
      { dir, isTemporary: (name) => name.endsWith('.part') },
      new Date(Date.now() - HOUR),
    );

    expect(result).toEqual({ removed: 2, failed: 0 });
    expect(existsSync(oldTemporary)).toBe(false);
    expect(existsSync(oldTopLevel)).toBe(false);
    expect(existsSync(recentTemporary)).toBe(true);
    expect(existsSync(oldOrdinary)).toBe(true);
  });

  it('finds nothing to remove in a folder that does not exist', async () => {
    const dir = path.join(await tempDir(), 'never-made');
    expect(await removeAbandonedFiles({ dir, isTemporary: () => true }, new Date())).toEqual({
      removed: 0,
      failed: 0,
    });
  });

  it('stops when told to', async () => {
    const dir = await tempDir();
    const abandoned = await plant(path.join(dir, 'a/x.part'), 2 * HOUR);
    const stopped = AbortSignal.abort();
    const result = await removeAbandonedFiles({ dir, isTemporary: () => true }, new Date(), stopped);
    expect(result.removed).toBe(0);
    expect(existsSync(abandoned)).toBe(true);
  });
});

describe('isPartialWrite', () => {
  it('takes only the temporary names storage writes, never a stored file that ends in .part', () => {
    expect(isPartialWrite(`PRED.png.${randomUUID()}.part`)).toBe(true);
    expect(isPartialWrite('PRED.png')).toBe(false);
    expect(isPartialWrite('manual.part')).toBe(false);
    expect(isPartialWrite('PRED.png.1234.part')).toBe(false);
  });
});

describe('start-up', () => {
  it('removes what a crash left in storage and in the upload folder, and nothing in use', async () => {
    const dataDir = await tempDir();
    const imageDir = path.join(dataDir, 'storage/users/1/projects/2/images/3');
    const stale = ABANDONED_AFTER_MS + HOUR;
    const abandonedWrite = await plant(
      path.join(imageDir, `predictions/request-4/PRED.png.${randomUUID()}.part`),
      stale,
    );
    const abandonedUpload = await plant(path.join(dataDir, 'tmp/upload-5e2d'), stale);
    const uploadInProgress = await plant(path.join(dataDir, 'tmp/upload-77aa'), 60 * 1000);
    const storedOriginal = await plant(path.join(imageDir, 'original.jpg'), stale);

    testApp = await createTestApp({ DATA_DIR: dataDir });

    await vi.waitFor(() => {
      expect(existsSync(abandonedWrite)).toBe(false);
      expect(existsSync(abandonedUpload)).toBe(false);
    });
    expect(existsSync(uploadInProgress)).toBe(true);
    expect(existsSync(storedOriginal)).toBe(true);
  });
});
