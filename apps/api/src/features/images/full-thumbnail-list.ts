import type { Readable } from 'node:stream';
import { BASE64_EFFORT, type Precompressed, precompress } from '../../http/precompressed.js';

/** The spec client's whole thumbnail list at one version, as JSON and in its codings. */
export interface FullThumbnailList {
  answer: Precompressed;
  /** The images listed when it was made: its X-Total-Count. */
  total: number;
}

/**
 * Lists (all three codings together) held per process. A 500-image project of the bench's
 * photo-sized thumbnails is about 31 MB (13 MB of JSON, 9 MB each coded), so a couple of projects
 * being polled fit beside the 64 MB of single thumbnails, within the 600 MB issue 21 allows.
 */
export const FULL_LIST_CACHE_BYTES = 96 * 1024 * 1024;

/**
 * The largest JSON kept: with its two codings (about 0.7 of it each) it fits the cache. A larger
 * list is streamed per request, uncoded, as pages are.
 */
export const FULL_LIST_MAX_JSON_BYTES = Math.floor(FULL_LIST_CACHE_BYTES / 2.5);

/**
 * Reads the list's JSON once from `json` (the stream a request would be sent) and codes it off the
 * event loop. Undefined when the JSON is larger than `maxJsonBytes`: not worth keeping.
 * Kept, a request costs sending one buffer: streamed, each of 50 clients re-read and re-joined 500
 * thumbnails (18–20 ms of CPU per request in bench:api) and none could be sent compressed.
 */
export async function makeFullThumbnailList(
  json: Readable,
  total: number,
  maxJsonBytes = FULL_LIST_MAX_JSON_BYTES,
): Promise<FullThumbnailList | undefined> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of json as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxJsonBytes) {
      json.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return { answer: await precompress(Buffer.concat(chunks, bytes), BASE64_EFFORT), total };
}

/** What a kept list holds in memory. */
export function fullListBytes(list: FullThumbnailList): number {
  return list.answer.identity.length + list.answer.br.length + list.answer.gzip.length;
}
