import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/storage.js';
import type { ArchiveFile, SummaryRow } from './archive-contents.js';
import { summaryCsv } from './summary-csv.js';

/**
 * A ZIP of `files` then summary.csv, as a stream to send. Each stored file is opened only when the
 * archive reaches it (on the previous entry's `entry` event), so a project of any size holds one open
 * file (two for a moment, as one closes) and archiver's buffers, and the client's pace sets the
 * reading. A file that cannot be read destroys the stream with the error: the client sees a broken
 * download, never a short ZIP that looks complete. A destroyed stream (the client went away) closes
 * the file it was reading.
 */
export function zipStream(
  storage: Storage,
  files: ArchiveFile[],
  summary: SummaryRow[],
  log: FastifyBaseLogger,
): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('warning', (error) => log.warn({ err: error }, 'zip warning'));
  /** The stored file being read now, if any. */
  let reading: Readable | undefined;
  const fail = (error: Error) => {
    if (archive.destroyed) return;
    log.error({ err: error }, 'zip failed');
    archive.destroy(error);
  };
  archive.on('error', fail);
  // Destroyed (a client that went away, a failed file): archiver passes it on to nothing, so the
  // file being read is closed and the rest of the queue dropped here.
  archive.once('close', () => {
    reading?.destroy();
    archive.abort();
  });
  const pending = files.values();
  let summaryAdded = false;
  const appendNext = () => {
    if (archive.destroyed) return;
    const file = pending.next().value;
    if (file) {
      let source: Readable | Buffer = file.data!;
      if (file.storageKey || file.stream) {
        try {
          source = reading = file.storageKey ? storage.createReadStream(file.storageKey) : file.stream!();
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        // archiver does not watch its sources: unwatched, a missing file would stall the download.
        source.once('error', fail);
      }
      archive.append(source, { name: file.name, store: file.compressed });
    } else if (!summaryAdded) {
      summaryAdded = true;
      archive.append(summaryCsv(summary), { name: 'summary.csv' });
      // A failed finalize has already been reported through 'error'.
      archive.finalize().catch(() => undefined);
    }
  };
  archive.on('entry', appendNext);
  appendNext();
  return archive;
}
