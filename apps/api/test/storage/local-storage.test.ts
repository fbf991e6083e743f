import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localStorage } from '../../src/storage/local-storage.js';
import type { Storage } from '../../src/storage/storage.js';

let root: string;
let storage: Storage;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hullscope-local-storage-'));
  storage = localStorage(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('localStorage.withFile', () => {
  it('lends a file holding the stored bytes, and answers what its user answers', async () => {
    await storage.putBuffer('users/1/projects/2/images/3/original.jpg', Buffer.from('original bytes'));
    const answer = await storage.withFile('users/1/projects/2/images/3/original.jpg', async (file) => {
      expect(path.relative(root, file)).toBe(
        path.join('users', '1', 'projects', '2', 'images', '3', 'original.jpg'),
      );
      return (await readFile(file, 'utf8')).toUpperCase();
    });
    expect(answer).toBe('ORIGINAL BYTES');
  });

  it('fails for a missing key as getBuffer does, without calling its user', async () => {
    const use = vi.fn(async () => 'never');
    await expect(storage.withFile('users/1/missing.jpg', use)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.getBuffer('users/1/missing.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(use).not.toHaveBeenCalled();
  });

  it('refuses a key that points outside the storage folder', async () => {
    await expect(storage.withFile('../outside.jpg', async () => 'never')).rejects.toThrow(
      'Unsafe storage key',
    );
  });
});
