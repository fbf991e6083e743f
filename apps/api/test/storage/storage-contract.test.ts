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

  it('refuses a key that could point outside its root', async () => {
    await expect(storage.putBuffer('../outside.jpg', Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
    await expect(storage.getBuffer('users/1/../../etc/passwd')).rejects.toThrow('Unsafe storage key');
  });
});

describe('the S3 adapter', () => {
  it('deletes a prefix of more objects than one listing page holds (1000)', async () => {
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
