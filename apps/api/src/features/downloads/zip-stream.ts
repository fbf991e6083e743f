import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/storage.js';
import type { ArchiveFile, SummaryRow } from './archive-contents.js';
import { summaryCsv } from './summary-csv.js';

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The note that stands beside a made file that failed, inside the ZIP. */
function failureNote(file: ArchiveFile): ArchiveFile {
  return {
    name: `${file.name}.error.txt`,
    data: Buffer.from(
      `${file.name} could not be made: it is missing, empty or cut short in this download. ` +
        'Every other file is complete. Download again to try once more.\n',
    ),
    compressed: false,
  };
}

/**
 * A ZIP of `files` then summary.csv (none when `summary` is null), as a stream to send. Each stored file is opened only when the
 * archive reaches it (on the previous entry's `entry` event), so a project of any size holds one open
 * file (two for a moment, as one closes) and archiver's buffers, and the client's pace sets the
 * reading. A stored file that cannot be read destroys the stream with the error: the client sees a
 * broken download, never a short ZIP that looks complete. A made file (`stream`, the PDF report) that
 * fails is only a rendering of what the ZIP holds: it ends where it failed, a note beside it says so,
 * the error is logged, and the ZIP goes on and ends valid. Before its last bytes (the central
 * directory) the ZIP asks `stillThere`: what was deleted meanwhile ends the download as an error, not
 * as a ZIP that looks whole. A destroyed stream (the client went away) closes the file it was reading.
 */
export function zipStream(
  storage: Storage,
  files: ArchiveFile[],
  summary: SummaryRow[] | null,
  log: FastifyBaseLogger,
  stillThere: () => Promise<boolean>,
): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('warning', (error) => log.warn({ err: error }, 'zip warning'));
  /** The stored or made file being read now, if any. */
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
  /** Notes of made files that failed, added next. */
  const notes: ArchiveFile[] = [];
  let summaryAdded = false;

  const stored = (key: string): Readable | undefined => {
    try {
      reading = storage.createReadStream(key);
    } catch (error) {
      fail(asError(error));
      return undefined;
    }
    // archiver does not watch its sources: unwatched, a missing file would stall the download.
    reading.once('error', fail);
    return reading;
  };

  const made = (file: ArchiveFile): Readable => {
    // The entry archiver reads: ended by hand when the file fails, so the archive moves on.
    const entry = new PassThrough();
    const giveUp = (error: unknown) => {
      log.error({ err: asError(error), file: file.name }, 'zip entry could not be made');
      notes.push(failureNote(file));
      entry.end();
    };
    try {
      reading = file.stream!();
      reading.once('error', giveUp);
      reading.pipe(entry);
    } catch (error) {
      giveUp(error);
    }
    return entry;
  };

  // Deleted while it streamed, the download is cut rather than the delete made to wait: a download
  // goes at the client's pace, in any process, and asking before the ZIP's last bytes works in all.
  const finish = async () => {
    let there: boolean;
    try {
      there = await stillThere();
    } catch (error) {
      fail(asError(error));
      return;
    }
    if (archive.destroyed) return;
    if (!there) {
      log.warn('zip cut: deleted during its download');
      archive.destroy(new Error('Deleted during its download'));
      return;
    }
    // A failed finalize has already been reported through 'error'.
    archive.finalize().catch(() => undefined);
  };

  /** A stored file read whole when its turn comes: failing, it fails the ZIP as a missing file does. */
  const loaded = (file: ArchiveFile) => {
    file.load!(storage).then(
      (data) => {
        if (!archive.destroyed) archive.append(data, { name: file.name, store: file.compressed });
      },
      (error: unknown) => fail(asError(error)),
    );
  };

  const appendNext = () => {
    if (archive.destroyed) return;
    const file = notes.shift() ?? pending.next().value;
    if (file?.load) loaded(file);
    else if (file) {
      const source = file.storageKey ? stored(file.storageKey) : file.stream ? made(file) : file.data!;
      if (source) archive.append(source, { name: file.name, store: file.compressed });
    } else if (!summaryAdded) {
      summaryAdded = true;
      if (summary === null) void finish();
      else {
        archive.append(summaryCsv(summary), { name: 'summary.csv' });
        void finish();
      }
    }
  };

  archive.on('entry', appendNext);
  appendNext();
  return archive;
}
