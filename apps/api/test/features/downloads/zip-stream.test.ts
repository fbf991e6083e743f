import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArchiveFile } from '../../../src/features/downloads/archive-contents.js';
import { zipStream } from '../../../src/features/downloads/zip-stream.js';
import { localStorage } from '../../../src/storage/local-storage.js';
import type { Storage } from '../../../src/storage/storage.js';
import { readZip } from '../../support/predictions.js';

const FILES = 40;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hullscope-zip-'));
  const storage = localStorage(root);
  for (let index = 0; index < FILES; index += 1) {
    // Larger than a stream's read-ahead, so an opened file stays open until the archive reads it.
    await storage.putBuffer(`files/${index}.bin`, Buffer.alloc(200_000, index));
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

const log = pino({ level: 'silent' });
/** What the ZIP holds is never deleted meanwhile here (delete-while-downloading.test.ts has that). */
const stillThere = async () => true;
const stored = (count: number): ArchiveFile[] =>
  Array.from({ length: count }, (_, index) => ({
    name: `image-${index}/file.bin`,
    storageKey: `files/${index}.bin`,
    compressed: true,
  }));

/**
 * The storage, counting the files it opens, the files being read at once (opened, not yet read to
 * their end) and the files still open (not yet closed). A read file's descriptor is closed on libuv's
 * threads a moment after its end, later on a loaded machine (a third file was once seen open in CI),
 * so only the files being read have a bound that does not depend on timing.
 */
function countingOpenFiles(storage: Storage) {
  const counts = { opened: 0, reading: 0, mostReading: 0, open: 0 };
  const counting: Storage = {
    ...storage,
    createReadStream(key) {
      const stream = storage.createReadStream(key);
      counts.opened += 1;
      counts.reading += 1;
      counts.open += 1;
      counts.mostReading = Math.max(counts.mostReading, counts.reading);
      let read = false;
      const readToItsEnd = () => {
        if (read) return;
        read = true;
        counts.reading -= 1;
      };
      stream.once('end', readToItsEnd);
      stream.once('close', () => {
        readToItsEnd();
        counts.open -= 1;
      });
      return stream;
    },
  };
  return { counting, counts };
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the download ZIP', () => {
  it('opens stored files one after another, not all at once, and holds them all', async () => {
    const { counting, counts } = countingOpenFiles(localStorage(root));
    const summary = [
      {
        image: 'a.jpg',
        model: 'Evo',
        version: '1.3.0',
        resolution: 'standard',
        date: '2026-11-22',
        percentages: [],
        project: 'P',
        fouling_rating: null,
        confidence: null,
        low_confidence: null,
      },
    ];
    const files = [
      ...stored(FILES),
      { name: 'image-0/percentages.json', data: Buffer.from('{}'), compressed: false },
    ];
    const zip = await readZip(await collect(zipStream(counting, files, summary, log, stillThere)));

    // The next file opens once the one before has been read to its end: one is read at a time.
    expect(counts.mostReading).toBe(1);
    expect(counts.reading).toBe(0);
    // And every file is closed once the archive is done.
    await vi.waitFor(() => expect(counts.open).toBe(0));
    expect([...zip.keys()]).toEqual([...files.map((file) => file.name), 'summary.csv']);
    expect(zip.get('image-7/file.bin')).toEqual(Buffer.alloc(200_000, 7));
  });

  it('fails the stream, not a short ZIP, when a stored file cannot be read', async () => {
    const files = [
      ...stored(3),
      { name: 'gone/file.bin', storageKey: 'files/missing.bin', compressed: true },
    ];
    await expect(collect(zipStream(localStorage(root), files, [], log, stillThere))).rejects.toThrow(
      /ENOENT/,
    );
  });

  it('stays a valid ZIP of every other file, with a note, when a made file (the report) fails', async () => {
    // A rendering that has written its first bytes, then fails; and one that fails before any.
    const failsMidway = () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('%PDF-1.7 first page');
          throw new Error('rendering failed');
        })(),
      );
    const failsAtOnce = () => {
      throw new Error('rendering could not start');
    };
    const files: ArchiveFile[] = [
      ...stored(2),
      { name: 'report.json', data: Buffer.from('{}'), compressed: false },
      { name: 'report.pdf', stream: failsMidway, compressed: false },
      { name: 'other.pdf', stream: failsAtOnce, compressed: false },
      ...stored(3).slice(2),
    ];
    const errors = vi.fn();
    const logged = pino({ level: 'error' }, { write: errors });
    const zip = await readZip(await collect(zipStream(localStorage(root), files, [], logged, stillThere)));

    expect([...zip.keys()]).toEqual([
      'image-0/file.bin',
      'image-1/file.bin',
      'report.json',
      'report.pdf',
      'report.pdf.error.txt',
      'other.pdf',
      'other.pdf.error.txt',
      'image-2/file.bin',
      'summary.csv',
    ]);
    expect(zip.get('image-2/file.bin')).toEqual(Buffer.alloc(200_000, 2));
    expect(zip.get('report.pdf.error.txt')!.toString()).toMatch(/^report\.pdf could not be made/);
    expect(errors.mock.calls.map(([line]) => JSON.parse(line as string).err.message)).toEqual([
      'rendering failed',
      'rendering could not start',
    ]);
  });

  it('ends as an error, not a ZIP that looks whole, when what it holds was deleted meanwhile', async () => {
    const deleted = async () => false;
    await expect(collect(zipStream(localStorage(root), stored(2), [], log, deleted))).rejects.toThrow(
      /Deleted during its download/,
    );
  });

  it('closes the file it was reading when the client goes away mid-download', async () => {
    const storage = localStorage(root);
    // Far larger than the streams' buffers: the file is still being read when the client goes.
    await storage.putBuffer('files/large.bin', Buffer.alloc(8_000_000, 1));
    const { counting, counts } = countingOpenFiles(storage);
    const large = { name: 'large/file.bin', storageKey: 'files/large.bin', compressed: true };
    const stream = zipStream(counting, [large, ...stored(3)], [], log, stillThere);
    // A first chunk of the ZIP, then the client is gone (what Fastify does on a closed connection).
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    stream.destroy();
    await vi.waitFor(() => expect(counts.open).toBe(0), { timeout: 2_000 });
    // Nothing more is opened once it is gone.
    const opened = counts.opened;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counts.opened).toBe(opened);
  });
});
