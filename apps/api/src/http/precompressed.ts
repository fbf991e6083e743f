import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_CONTENT_TYPE } from './base64-answers.js';
import type { RouteOptions } from './router.js';
import { varyOn } from './vary.js';

/** Answers this route codes itself: @fastify/compress leaves them alone. */
export const PRECOMPRESSED_ROUTE: RouteOptions = { compress: false };

/** Below this an answer goes uncoded, as @fastify/compress's threshold has it for other answers. */
const THRESHOLD_BYTES = 1024;

/** A JSON answer with its gzip coding and, where it was made (see CodingEffort), its brotli one. */
export interface Precompressed {
  identity: Buffer;
  gzip: Buffer;
  br?: Buffer;
}

export type Coding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Which codings are made, and how hard: brotli is left out where `brotliQuality` is. */
export interface CodingEffort {
  brotliQuality?: number;
  gzipLevel: number;
}

/** Small JSON (lists of rows): both codings, the smallest, which cost little at their size. */
export const JSON_EFFORT: CodingEffort = { brotliQuality: 9, gzipLevel: 9 };

/**
 * JSON that is mostly base64 of JPEGs (megabytes of it): the gain is Huffman coding of base64's 64
 * letters, which every level gets, so higher levels only cost time (figures: docs/benchmarks.md,
 * bench:api).
 */
export const BASE64_EFFORT: CodingEffort = { brotliQuality: 5, gzipLevel: 6 };

/** The same without the brotli copy, for answers too large to keep two codings of (see its users). */
export const BASE64_GZIP_ONLY: CodingEffort = { gzipLevel: BASE64_EFFORT.gzipLevel };

/**
 * A JSON answer with its codings, made once (on libuv's threads, off the event loop) to be sent
 * many times, since coding per request repeats the same compression for every client.
 */
export async function precompress(identity: Buffer, effort = JSON_EFFORT): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    effort.brotliQuality === undefined
      ? undefined
      : brotli(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
    gzip(identity, { level: effort.gzipLevel }),
  ]);
  return br ? { identity, br, gzip: gz } : { identity, gzip: gz };
}

/** The codings an answer carries, in the order preferred on a tie (brotli first, as @fastify/compress). */
export function codingsOf(answer: Precompressed): Coding[] {
  return (['br', 'gzip'] as const).filter((coding) => answer[coding] !== undefined);
}

/** What an answer holds in memory, all its codings together. */
export function precompressedBytes(answer: Precompressed): number {
  return answer.identity.length + answer.gzip.length + (answer.br?.length ?? 0);
}

/**
 * The coding to send of those `available`, negotiated as @fastify/compress negotiates the other
 * answers (the same library): the highest q, the first available on a tie (brotli); none where
 * none is accepted. Content-coding names are case-insensitive (RFC 9110 §8.4.1); the library
 * compares them as sent.
 */
export function chooseCoding(
  acceptEncoding: string | undefined,
  available: readonly Coding[] = ['br', 'gzip'],
): Coding | 'identity' {
  return (negotiate((acceptEncoding ?? '').toLowerCase(), [...available]) as Coding | null) ?? 'identity';
}

/** Sends the coding the request accepts, with Content-Encoding and Vary as a compressing server does. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed): void {
  const coding =
    body.identity.length < THRESHOLD_BYTES
      ? 'identity'
      : chooseCoding(request.headers['accept-encoding'], codingsOf(body));
  varyOn(reply, 'accept-encoding');
  const coded = coding === 'identity' ? undefined : body[coding];
  if (coded) reply.header('content-encoding', coding);
  void reply
    .code(200)
    .type(JSON_CONTENT_TYPE)
    .send(coded ?? body.identity);
}
