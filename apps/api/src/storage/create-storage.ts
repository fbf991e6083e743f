import path from 'node:path';
import { localStorage } from './local-storage.js';
import { isSafeKey } from './safe-key.js';
import { type S3StorageOptions, s3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** Which adapter holds the files: DATA_DIR/storage (the embedded default) or an S3-compatible bucket. */
export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

/** The configured storage; `tempDir` holds the S3 adapter's short-lived local copies. */
export function createStorage(config: StorageConfig, tempDir: string): Storage {
  return config.kind === 'local' ? localStorage(config.dir) : s3Storage(config, tempDir);
}

/** Where the object under `key` is, for an operator: a file's path, or its `s3://` URL. */
export function storageLocation(config: StorageConfig, key: string): string {
  if (config.kind === 'local') return path.join(config.dir, key);
  return `s3://${config.bucket}/${config.prefix ? `${config.prefix}/` : ''}${key}`;
}

/** `s3://bucket/prefix` → bucket and prefix; an error message for anything else. */
export function parseStorageUrl(url: string): { bucket: string; prefix: string } | string {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(url);
  if (!match) return 'must be s3://<bucket>[/<prefix>] with a valid bucket name (3–63 of a-z, 0-9, ".", "-")';
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !isSafeKey(prefix)) {
    return 'the prefix may hold letters, digits, "_", ".", "-" and single "/" between folders';
  }
  return { bucket: match[1]!, prefix };
}
