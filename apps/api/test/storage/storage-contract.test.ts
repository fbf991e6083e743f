import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localStorage } from '../../src/storage/local-storage.js';
import { s3Storage } from '../../src/storage/s3-storage.js';
import type { Storage } from '../../src/storage/storage.js';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.js';

let scratch: string;
let s3: S3StandIn;

/**
 * The earliest time a file written now can carry in a store that keeps whole seconds. The kernel
 * stamps files with a coarse clock that can trail Date.now() by a few milliseconds, so a file
 * written just after a second begins may still be dated in the second before.
 */
function wholeSecondStampedNow(): number {
  const coarseClockSlackMs = 100;
  return Math.floor((Date.now() - coarseClockSlackMs) / 1000) * 1000;
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'hullscope-storage-contract-'));
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Each adapter of the port, fresh, with the folder its `withFile` copies go to (if any). */
const adapters: [string, () => { storage: Storage; tempDir: string }][] = [
  [
    'local',
    () => ({ storage: localStorage(path.join(scratch, 'local')), tempDir: path.join(scratch, 'none') }),
  ],
  [
    's3',
    () => {
      const tempDir = path.join(scratch, 's3-tmp');
      const options = {
        bucket: s3.bucket,
        prefix: 'tenant/a',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
      };
      return { storage: s3Storage(options, tempDir, s3.client()), tempDir };
    },
  ],
];

async function localFile(data: Buffer): Promise<string> {
  const file = path.join(scratch, `upload-${randomBytes(6).toString('hex')}`);
  await writeFile(file, data);
  return file;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(adapters)('the %s storage adapter', (_name, make) => {
  let storage: Storage;
  let tempDir: string;
  beforeAll(() => {
    ({ storage, tempDir } = make());
  });

  it('keeps what putBuffer and putFile store, and putFile moves the local file in', async () => {
    await storage.putBuffer('users/1/projects/2/images/3/thumbnail.jpg', Buffer.from('thumb'));
    const file = await localFile(Buffer.from('original bytes'));
    await storage.putFile('users/1/projects/2/images/3/original.jpg', file);
    expect(existsSync(file)).toBe(false);
    expect((await storage.getBuffer('users/1/projects/2/images/3/thumbnail.jpg')).toString()).toBe('thumb');
    expect((await storage.getBuffer('users/1/projects/2/images/3/original.jpg')).toString()).toBe(
      'original bytes',
    );
    await storage.putBuffer('users/1/projects/2/images/3/thumbnail.jpg', Buffer.from('replaced'));
    expect((await storage.getBuffer('users/1/projects/2/images/3/thumbnail.jpg')).toString()).toBe(
      'replaced',
    );
  });

  it('streams a large file in and out unchanged (multipart on S3)', async () => {
    const data = randomBytes(20 * 1024 * 1024 + 123);
    await storage.putFile('users/1/projects/2/images/4/original.tiff', await localFile(data));
    const read = await buffer(storage.createReadStream('users/1/projects/2/images/4/original.tiff'));
    expect(read.length).toBe(data.length);
    expect(sha256(read)).toBe(sha256(data));
  });

  it('lends a file holding the object to withFile, answers its answer, and keeps no copy', async () => {
    await storage.putBuffer('users/1/projects/2/images/5/original.jpg', Buffer.from('lend me'));
    const answer = await storage.withFile('users/1/projects/2/images/5/original.jpg', async (file) => {
      expect(path.extname(file)).toBe('.jpg');
      return (await readFile(file, 'utf8')).toUpperCase();
    });
    expect(answer).toBe('LEND ME');
    await expect(
      storage.withFile('users/1/projects/2/images/5/original.jpg', async () => {
        throw new Error('the reader failed');
      }),
    ).rejects.toThrow('the reader failed');
    expect(existsSync(tempDir) ? await readdir(tempDir) : []).toEqual([]);
  });

  it('fails for a missing key as a missing file (ENOENT), in every read', async () => {
    const use = vi.fn(async () => 'never');
    await expect(storage.getBuffer('users/1/missing.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.withFile('users/1/missing.jpg', use)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(use).not.toHaveBeenCalled();
    await expect(buffer(storage.createReadStream('users/1/missing.jpg'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('deletes exactly the files under a prefix, and a missing prefix is no error', async () => {
    await storage.putBuffer('users/7/projects/2/a.jpg', Buffer.from('a'));
    await storage.putBuffer('users/7/projects/2/images/9/b.jpg', Buffer.from('b'));
    await storage.putBuffer('users/7/projects/20/c.jpg', Buffer.from('c'));
    await storage.deletePrefix('users/7/projects/2');
    await expect(storage.getBuffer('users/7/projects/2/a.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.getBuffer('users/7/projects/2/images/9/b.jpg')).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect((await storage.getBuffer('users/7/projects/20/c.jpg')).toString()).toBe('c');
    await expect(storage.deletePrefix('users/7/projects/404')).resolves.toBeUndefined();
  });

  it('stores with putBufferIfAbsent only where nothing is stored yet', async () => {
    expect(await storage.putBufferIfAbsent('records/.database-key', Buffer.from('first'))).toBe(true);
    expect(await storage.putBufferIfAbsent('records/.database-key', Buffer.from('second'))).toBe(false);
    expect((await storage.getBuffer('records/.database-key')).toString()).toBe('first');
    await storage.putBuffer('records/kept.jpg', Buffer.from('kept'));
    expect(await storage.putBufferIfAbsent('records/kept.jpg', Buffer.from('other'))).toBe(false);
    expect((await storage.getBuffer('records/kept.jpg')).toString()).toBe('kept');
    expect(existsSync(tempDir) ? await readdir(tempDir) : []).toEqual([]);
  });

  it('lists the folders directly under a prefix, each once, and none under a missing one', async () => {
    await storage.putBuffer('users/8/projects/1/a.jpg', Buffer.from('a'));
    await storage.putBuffer('users/8/projects/2/images/x/b.jpg', Buffer.from('b'));
    await storage.putBuffer('users/8/projects/2/images/y/c.jpg', Buffer.from('c'));
    await storage.putBuffer('users/8/projects/33/images/z/predictions/request-1/d.png', Buffer.from('d'));
    await storage.putBuffer('users/8/notes.txt', Buffer.from('a file, not a folder'));
    const list = async (prefix: string) => (await collect(storage.listFolders(prefix))).sort();
    expect(await list('users/8/projects')).toEqual(['1', '2', '33']);
    expect(await list('users/8')).toEqual(['projects']);
    expect(await list('users/8/projects/2/images')).toEqual(['x', 'y']);
    expect(await list('users/8/projects/1')).toEqual([]);
    expect(await list('users/404')).toEqual([]);
    await storage.deletePrefix('users/8/projects/2');
    expect(await list('users/8/projects')).toEqual(['1', '33']);
  });

  it('dates a prefix by its newest file, however deep, and a missing one not at all', async () => {
    // Some stores keep whole seconds: the second file is written in a later second than the first.
    const before = wholeSecondStampedNow();
    await storage.putBuffer('users/9/projects/1/images/a/original.jpg', Buffer.from('older'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const later = wholeSecondStampedNow();
    await storage.putBuffer('users/9/projects/1/images/a/predictions/request-1/PRED.png', Buffer.from('x'));
    const written = await storage.lastModified('users/9/projects/1/images/a');
    expect(written).toBeInstanceOf(Date);
    expect(written!.getTime()).toBeGreaterThanOrEqual(later);
    expect(written!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await storage.lastModified('users/9/projects/1/images/a/predictions/request-0')).toBeUndefined();
    expect((await storage.lastModified('users/9'))!.getTime()).toBeGreaterThanOrEqual(before);
    await storage.deletePrefix('users/9/projects/1/images/a');
    expect(await storage.lastModified('users/9/projects/1/images/a')).toBeUndefined();
    expect(await storage.lastModified('users/404')).toBeUndefined();
  });

  it('refuses a key that could point outside its root', async () => {
    await expect(storage.putBuffer('../outside.jpg', Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
    await expect(storage.getBuffer('users/1/../../etc/passwd')).rejects.toThrow('Unsafe storage key');
  });
});

describe('the S3 adapter', () => {
  it('lists, dates and deletes a prefix of more objects than one listing page holds (1000)', async () => {
    const options = {
      bucket: s3.bucket,
      prefix: 'many',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
    };
    const storage = s3Storage(options, path.join(scratch, 's3-many'), s3.client());
    const keys = Array.from(
      { length: 1005 },
      (_, index) => `users/1/projects/1/images/${index}/thumbnail.jpg`,
    );
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(keys.slice(start, start + 50).map((key) => storage.putBuffer(key, Buffer.from(key))));
    }
    await storage.putBuffer('users/1/projects/10/kept.jpg', Buffer.from('kept'));
    const folders = await collect(storage.listFolders('users/1/projects/1/images'));
    expect(folders.sort()).toEqual(keys.map((_, index) => String(index)).sort());
    // The newest object comes last in listing order: on the second page.
    const last = 'users/1/projects/1/images/999/z.jpg';
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const later = wholeSecondStampedNow();
    await storage.putBuffer(last, Buffer.from('later'));
    expect((await storage.lastModified('users/1/projects/1'))!.getTime()).toBeGreaterThanOrEqual(later);
    await storage.deletePrefix('users/1/projects/1');
    const left = await s3.client().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'many/' }));
    expect((left.Contents ?? []).map((object) => object.Key)).toEqual(['many/users/1/projects/10/kept.jpg']);
  }, 60_000);

  it('keeps every object under its prefix in the bucket', async () => {
    const options = {
      bucket: s3.bucket,
      prefix: 'tenant/b',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
    };
    await s3Storage(options, scratch, s3.client()).putBuffer('users/3/x.jpg', Buffer.from('x'));
    const listed = await s3.client().send(
      new ListObjectsV2Command({
        Bucket: s3.bucket,
        Prefix: 'tenant/b/',
      }),
    );
    expect((listed.Contents ?? []).map((object) => object.Key)).toEqual(['tenant/b/users/3/x.jpg']);
  });
});
