import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import archiver, { type Archiver } from 'archiver';
import type { Storage } from '../../storage/storage.js';

/**
 * One file of the export: bytes made here, a stored file streamed when its turn comes, or one read
 * (and made the first time, as the model's own STAT) when its turn comes.
 */
export interface ExportEntry {
  name: string;
  data?: Buffer;
  storageKey?: string;
  load?: (storage: Storage) => Promise<Buffer>;
  /** Already compressed formats (JPEG, PNG) are stored as they are. */
  compressed: boolean;
}

/** Appends one entry and waits until archiver has taken it whole, so one stored file is open at a time. */
function appendOne(archive: Archiver, source: Readable | Buffer, entry: ExportEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      archive.off('entry', taken);
      reject(error);
    };
    const taken = () => {
      archive.off('error', failed);
      if (!Buffer.isBuffer(source)) source.off('error', failed);
      resolve();
    };
    archive.once('entry', taken);
    archive.once('error', failed);
    if (!Buffer.isBuffer(source)) source.once('error', failed);
    archive.append(source, { name: entry.name, store: entry.compressed });
  });
}

/**
 * Writes the entries into a ZIP file, one after the other: memory stays bounded by one file's
 * buffers whatever the export's size. `onEntry` hears each entry written.
 */
export async function writeExportZip(
  file: string,
  entries: ExportEntry[],
  storage: Storage,
  onEntry: (written: number) => Promise<void>,
): Promise<void> {
  const archive = archiver('zip', { zlib: { level: 6 } });
  const output = createWriteStream(file);
  const written = finished(output);
  archive.pipe(output);
  try {
    let count = 0;
    for (const entry of entries) {
      const source = entry.load
        ? await entry.load(storage)
        : entry.storageKey
          ? storage.createReadStream(entry.storageKey)
          : entry.data!;
      await appendOne(archive, source, entry);
      count += 1;
      await onEntry(count);
    }
    await archive.finalize();
    await written;
  } catch (error) {
    archive.abort();
    output.destroy();
    throw error;
  }
}
