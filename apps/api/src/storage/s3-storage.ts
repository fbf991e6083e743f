import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type ListObjectsV2CommandOutput,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertSafeKey } from './safe-key.js';
import type { Storage } from './storage.js';

/** Where the objects live: `STORAGE_URL=s3://bucket/prefix` and the `S3_*` variables. */
export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key (no leading or trailing slash); empty for the bucket's root. */
  prefix: string;
  /** An S3-compatible service's URL (MinIO, R2, …); unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** `bucket` in the path rather than the host name, as most self-hosted services want. */
  forcePathStyle: boolean;
}

const READ_COPY_PREFIX = 's3-read-';

/** Whether a file in the temporary folder is a copy `withFile` lent (one a crash may leave). */
export function isS3ReadCopy(fileName: string): boolean {
  return fileName.startsWith(READ_COPY_PREFIX);
}

/** S3 allows at most this many keys per DeleteObjects call. */
const DELETE_BATCH = 1000;
/** Multipart upload parts (S3's minimum is 5 MiB) and how many go up at once: 32 MiB in memory at most. */
const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_PARTS_AT_ONCE = 4;

/** A missing object fails as a missing file does (`code: 'ENOENT'`), so callers need not know the adapter. */
function missingObject(key: string, cause: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored object under ${key}`, { cause }), { code: 'ENOENT' });
}

function isMissingObject(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

/** S3's answers to a conditional write whose condition failed (412) or that raced another (409). */
function isConditionFailed(error: unknown): boolean {
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  return status === 412 || status === 409;
}

/** A client for the configured service, as the storage adapter and the backup use it. */
export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer
    // default trailing checksums of streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * The storage port on an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), credentials from the
 * standard AWS chain (environment, shared files, instance roles). Nothing is held whole in memory
 * but what getBuffer asks for: uploads stream from their file in parts, reads stream from the
 * response, and `withFile` lends a temporary copy under `tempDir` (libvips wants a path).
 * Objects appear whole or not at all, so unlike the local adapter nothing is written aside first.
 */
export function s3Storage(options: S3StorageOptions, tempDir: string, client?: S3Client): Storage {
  const s3 = client ?? s3Client(options);
  const { bucket } = options;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return options.prefix ? `${options.prefix}/${key}` : key;
  };

  /**
   * Every page of a listing of the keys under `prefix/` (at most `maxKeys` each), grouped by their
   * next segment if `delimiter`.
   */
  async function* listPages(
    prefix: string,
    { delimiter, maxKeys }: { delimiter?: '/'; maxKeys?: number } = {},
  ): AsyncGenerator<ListObjectsV2CommandOutput> {
    let continuationToken: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: `${objectKey(prefix)}/`,
          Delimiter: delimiter,
          ContinuationToken: continuationToken,
          MaxKeys: maxKeys,
        }),
      );
      yield page;
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async function exists(key: string): Promise<boolean> {
    try {
      await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  async function getObject(key: string, abortSignal?: AbortSignal) {
    try {
      const response = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }), {
        abortSignal,
      });
      return response.Body as Readable;
    } catch (error) {
      throw isMissingObject(error) ? missingObject(key, error) : error;
    }
  }

  return {
    async putFile(key, localPath) {
      const upload = new Upload({
        client: s3,
        params: { Bucket: bucket, Key: objectKey(key), Body: createReadStream(localPath) },
        partSize: UPLOAD_PART_BYTES,
        queueSize: UPLOAD_PARTS_AT_ONCE,
      });
      await upload.done();
      await unlink(localPath);
    },
    async putBuffer(key, data) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data }));
    },
    async putBufferIfAbsent(key, data) {
      // The conditional write is what makes it safe between processes on S3, R2 and MinIO; the look
      // first spares a write to a service that ignores the condition (as the tests' stand-in does).
      if (await exists(key)) return false;
      try {
        await s3.send(
          new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: data, IfNoneMatch: '*' }),
        );
        return true;
      } catch (error) {
        if (isConditionFailed(error)) return false;
        throw error;
      }
    },
    async getBuffer(key) {
      const body = await getObject(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async withFile(key, use) {
      const body = await getObject(key);
      await mkdir(tempDir, { recursive: true });
      const file = path.join(tempDir, `${READ_COPY_PREFIX}${randomUUID()}${path.extname(key)}`);
      try {
        await pipeline(body, createWriteStream(file));
        return await use(file);
      } finally {
        await rm(file, { force: true });
      }
    },
    createReadStream(key) {
      // The port answers a stream at once; the object's bytes follow when S3 answers. A reader that
      // goes away (a client leaving mid-download) aborts the request.
      const out = new PassThrough();
      const abort = new AbortController();
      out.once('close', () => abort.abort());
      getObject(key, abort.signal)
        .then((body) => pipeline(body, out))
        .catch((error: unknown) => {
          if (!out.destroyed) out.destroy(error as Error);
        });
      return out;
    },
    async deletePrefix(prefix) {
      const listed = `${objectKey(prefix)}/`;
      for await (const page of listPages(prefix, { maxKeys: DELETE_BATCH })) {
        const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
        if (keys.length > 0) {
          const deleted = await s3.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          const failed = deleted.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(
              `Could not delete ${failed.length} object(s) under ${listed}: ${failed[0]!.Key} (${failed[0]!.Code})`,
            );
          }
        }
      }
    },
    async *listFolders(prefix) {
      // With a delimiter S3 answers each next segment once (CommonPrefixes), not every key below it.
      const listed = `${objectKey(prefix)}/`;
      for await (const page of listPages(prefix, { delimiter: '/' })) {
        for (const common of page.CommonPrefixes ?? []) {
          const name = common.Prefix?.slice(listed.length, -1);
          if (name) yield name;
        }
      }
    },
    async lastModified(prefix) {
      let latest: number | undefined;
      for await (const page of listPages(prefix)) {
        for (const object of page.Contents ?? []) {
          const written = object.LastModified?.getTime();
          if (written !== undefined) latest = Math.max(latest ?? written, written);
        }
      }
      return latest === undefined ? undefined : new Date(latest);
    },
  };
}
