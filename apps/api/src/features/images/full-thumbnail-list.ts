import type { Readable } from 'node:stream';
import {
  BASE64_EFFORT,
  BASE64_GZIP_ONLY,
  type Precompressed,
  precompress,
  precompressedBytes,
} from '../../http/precompressed.js';

/** The spec client's whole thumbnail list at one version, as JSON and in its codings. */
export interface FullThumbnailList {
  answer: Precompressed;
  /** The images listed when it was made: its X-Total-Count. */
  total: number;
}

/**
 * Lists (all their codings together) held per process. A 500-image project of the bench's
 * photo-sized thumbnails is about 31 MB (13 MB of JSON, 9 MB each in brotli and gzip), so a couple
 * of projects being polled fit beside the 64 MB of single thumbnails, within the 600 MB issue 21
 * allows; one of 2,000 images (52 MB of JSON, 90 MB with its gzip) fits alone.
 */
export const FULL_LIST_CACHE_BYTES = 96 * 1024 * 1024;

/** How large a list's JSON may be for it to be kept, and to be kept with a brotli copy too. */
export interface FullListBounds {
  maxJsonBytes: number;
  maxBrotliJsonBytes: number;
}

export const FULL_LIST_BOUNDS: FullListBounds = {
  // With its gzip (about 0.74 of it for base64) the largest list fits the cache. A larger one is
  // streamed per request, uncoded, as pages are: kept, a request costs sending one buffer (about
  // 0.22 ms of CPU per MB in bench:api); streamed, re-reading and re-joining every thumbnail cost
  // 80 ms per 52 MB list.
  maxJsonBytes: Math.floor(FULL_LIST_CACHE_BYTES / 1.8),
  // Brotli sends 7 % less than gzip on the bench's photos (0.4 points on real ones) but is another copy
  // of about 0.7 of the JSON: made up to a quarter of the cache of JSON (60 % with both codings).
  maxBrotliJsonBytes: Math.floor(FULL_LIST_CACHE_BYTES / 4),
};

/**
 * A kept list nobody has been sent in this long is dropped: at 2,000 images it holds 90 MB that a
 * project looked at once should not. Clients that poll without a tag keep it; clients that
 * revalidate get 304s, which send nothing from it, so it goes until the list changes (a new version
 * is built then anyway) or somebody asks without a tag.
 */
export const FULL_LIST_IDLE_MS = 30_000;

/**
 * Kept lists written at once by one server (http/write-turns.ts); the others wait their turn. On this
 * 2-core machine a bare Node server sending 13 MB to each of 50 clients had p99 238–267 ms with 4 at
 * a time against 395–438 ms with no limit, at the same throughput (3 to 6 at a time: 242–304 ms; 8:
 * 308–312 ms). In bench:api 3, 4 and 6 were alike within the spread between runs (p99 252–297 ms).
 */
export const FULL_LIST_WRITE_TURNS = 4;

/**
 * A turn lasts at most this long: a 13 MB list was handed to a local client's socket in 14 ms at the
 * median and 35–40 ms at p99 under that load, so only a client reading slower than about 250 MB/s
 * outlasts it, and goes on being written outside the turns.
 */
export const FULL_LIST_TURN_MS = 50;

/**
 * Reads the list's JSON once from `json` (the stream a request would be sent) and codes it off the
 * event loop. Undefined when the JSON is larger than `bounds.maxJsonBytes`: not worth keeping.
 * Kept, a request costs sending one buffer: streamed, each of 50 clients re-read and re-joined 500
 * thumbnails (18–20 ms of CPU per request in bench:api) and none could be sent compressed.
 */
export async function makeFullThumbnailList(
  json: Readable,
  total: number,
  bounds = FULL_LIST_BOUNDS,
): Promise<FullThumbnailList | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of json as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > bounds.maxJsonBytes) {
      json.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  const effort = bytes <= bounds.maxBrotliJsonBytes ? BASE64_EFFORT : BASE64_GZIP_ONLY;
  return { answer: await precompress(Buffer.concat(chunks, bytes), effort), total };
}

/** What a kept list holds in memory. */
export function fullListBytes(list: FullThumbnailList): number {
  return precompressedBytes(list.answer);
}
