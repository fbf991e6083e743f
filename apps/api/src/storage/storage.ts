import type { Readable } from 'node:stream';

/**
 * The storage port: files under keys such as `users/7/projects/3/images/12/original.jpg`.
 * The embedded adapter keeps them under DATA_DIR/storage; the S3 adapter in a bucket.
 */
export interface Storage {
  /** Moves a finished local file into storage under `key` (the file is gone afterwards). */
  putFile(key: string, localPath: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /**
   * Stores `data` under `key` only if nothing is stored there yet: false (and nothing written) if
   * something is. For a small record that the first of several processes writes (storage-binding.ts).
   */
  putBufferIfAbsent(key: string, data: Buffer): Promise<boolean>;
  getBuffer(key: string): Promise<Buffer>;
  /**
   * Lends `use` a local file holding the object under `key`, valid until `use` settles unless the key
   * is deleted meanwhile, for readers that want a path (libvips reads a file lazily and takes load
   * options in its name). The embedded adapter lends its own file: read it, never change or move it.
   * A missing or unreadable key fails as getBuffer does, before `use` is called.
   */
  withFile<T>(key: string, use: (filePath: string) => Promise<T>): Promise<T>;
  createReadStream(key: string): Readable;
  /** Removes every file whose key starts with `prefix/`; a missing prefix is not an error. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * The names of the folders directly under `prefix/` (the next key segment of the keys below it),
   * each once, in no set order; none for a missing prefix. Listed a page at a time.
   */
  listFolders(prefix: string): AsyncIterable<string>;
  /**
   * When anything under `prefix/` was last written, undefined if nothing is there: what the start-up
   * sweep asks before removing a folder nobody records (orphan-image-folders.ts).
   */
  lastModified(prefix: string): Promise<Date | undefined>;
}
