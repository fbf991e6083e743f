import type { Storage } from './storage.js';
import { isMissing } from './fs-errors.js';

/** A file's base64 text as bytes (ASCII), ready to be written into a JSON string as it is. */
export function base64Bytes(data: Buffer): Buffer {
  return Buffer.from(data.toString('base64'), 'latin1');
}

/**
 * Base64 texts recently read, least recently used dropped first once `maxBytes` are held. Per process,
 * in front of the copies in storage, which every process shares: it saves the file reads of lists
 * asked for again and again (a page polled while a run goes on). Entries are named by the storage key
 * and the version of the row that owns the file, so an id handed out again never meets an old entry.
 */
export class Base64Cache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(name: string): Buffer | undefined {
    const value = this.entries.get(name);
    if (value) {
      this.entries.delete(name);
      this.entries.set(name, value);
    }
    return value;
  }

  set(name: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const old = this.entries.get(name);
    if (old) {
      this.entries.delete(name);
      this.bytes -= old.length;
    }
    this.entries.set(name, value);
    this.bytes += value.length;
    for (const [oldest, held] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= held.length;
    }
  }

  get heldBytes(): number {
    return this.bytes;
  }
}

export interface Base64Source {
  /** The file, e.g. an image's thumbnail.jpg. */
  key: string;
  /** Its base64 copy beside it, written when the file is stored. */
  copyKey: string;
  /** What changes when another file could be under the same key (the owning row's id and time). */
  version: string;
}

/**
 * The base64 text of a file: from `cache`, else from its copy in storage (a list then sends kept text
 * instead of encoding every file on every request). Where the copy is missing (files stored before
 * copies were kept) it is made from the file and written back for the next reader; a failed write-back
 * only costs the next reader the same work. Undefined when the file itself is gone (its image or
 * prediction was deleted meanwhile).
 *
 * A write-back racing with the deletion of its folder can leave the copy alone there; the orphan
 * folder sweep removes such folders, on either adapter.
 */
export async function readBase64Copy(
  storage: Storage,
  cache: Base64Cache,
  source: Base64Source,
  onWriteBackError: (error: unknown) => void,
): Promise<Buffer | undefined> {
  const name = `${source.copyKey}\0${source.version}`;
  const cached = cache.get(name);
  if (cached) return cached;
  let text: Buffer | undefined;
  try {
    text = await storage.getBuffer(source.copyKey);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  if (!text) {
    let data: Buffer;
    try {
      data = await storage.getBuffer(source.key);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    text = base64Bytes(data);
    await storage.putBuffer(source.copyKey, text).catch(onWriteBackError);
  }
  cache.set(name, text);
  return text;
}
