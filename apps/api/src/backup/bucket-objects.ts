import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageOptions } from '../storage/s3-storage.js';

export interface BucketObject {
  /** The key below the configured prefix. */
  relative: string;
  size: number;
  mtimeMs: number;
}

function fullKey(options: S3StorageOptions, relative: string): string {
  return options.prefix ? `${options.prefix}/${relative}` : relative;
}

/** Every object under the configured prefix, a listing page at a time. */
export async function* listBucket(client: S3Client, options: S3StorageOptions): AsyncGenerator<BucketObject> {
  const prefix = options.prefix ? `${options.prefix}/` : '';
  let continuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: options.bucket,
        Prefix: prefix,
        ContinuationToken: continuationToken,
      }),
    );
    for (const object of page.Contents ?? []) {
      if (!object.Key || object.Key.endsWith('/')) continue;
      yield {
        relative: object.Key.slice(prefix.length),
        size: object.Size ?? 0,
        mtimeMs: object.LastModified?.getTime() ?? 0,
      };
    }
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
}

export async function bucketIsEmpty(client: S3Client, options: S3StorageOptions): Promise<boolean> {
  for await (const _ of listBucket(client, options)) return false;
  return true;
}

/** Downloads one object into `file` (through a temporary name), hashing it on the way. */
export async function downloadObject(
  client: S3Client,
  options: S3StorageOptions,
  relative: string,
  file: string,
): Promise<{ size: number; sha256: string } | undefined> {
  let body: Readable;
  try {
    const answer = await client.send(
      new GetObjectCommand({ Bucket: options.bucket, Key: fullKey(options, relative) }),
    );
    body = answer.Body as Readable;
  } catch (error) {
    // Deleted since it was listed: a running server deletes as we copy.
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const partial = `${file}.part`;
  await pipeline(body, hashing, createWriteStream(partial));
  await rename(partial, file);
  return { size: (await stat(file)).size, sha256: hash.digest('hex') };
}

export async function uploadObject(
  client: S3Client,
  options: S3StorageOptions,
  relative: string,
  file: string,
): Promise<void> {
  await new Upload({
    client,
    params: { Bucket: options.bucket, Key: fullKey(options, relative), Body: createReadStream(file) },
  }).done();
}
