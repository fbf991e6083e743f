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
 * Lists (all their codings together) held per process: a couple of 500-image projects being polled,
 * or one of 2,000 images, beside the single thumbnails' cache, within a process's 600 MB target
 * (sizes: docs/benchmarks.md, bench:api).
 */
export const FULL_LIST_CACHE_BYTES = 96 * 1024 * 1024;

/** How large a list's JSON may be for it to be kept, and to be kept with a brotli copy too. */
export interface FullListBounds {
  maxJsonBytes: number;
  maxBrotliJsonBytes: number;
}

export const FULL_LIST_BOUNDS: FullListBounds = {
  // With its gzip (about 0.74 of it for base64) the largest list fits the cache; a larger one is
  // streamed per request, uncoded, as pages are, which costs far more CPU per request than a kept one.
  maxJsonBytes: Math.floor(FULL_LIST_CACHE_BYTES / 1.8),
  // Brotli saves little over gzip on base64 but is another copy of about 0.7 of the JSON, so it is
  // made only up to a quarter of the cache of JSON (60 % with both codings).
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
 * Kept lists written at once by one server (http/write-turns.ts); the others wait their turn. 3 to 6
 * gave the same tail latency, no limit and 8 a worse one (docs/benchmarks.md, bench:api).
 */
export const FULL_LIST_WRITE_TURNS = 4;

/**
 * A turn lasts at most this long, about the p99 of handing a 13 MB list to a local socket under load:
 * only a slow reader outlasts it, and goes on being written outside the turns.
 */
export const FULL_LIST_TURN_MS = 50;

/**
 * Reads the list's JSON once from `json` (the stream a request would be sent) and codes it off the
 * event loop. Undefined when the JSON is larger than `bounds.maxJsonBytes`: not worth keeping.
 * Kept, a request costs sending one buffer; streamed, every request re-reads and re-joins every
 * thumbnail and none can be sent compressed.
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
