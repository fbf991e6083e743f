import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_CONTENT_TYPE } from './base64-answers.js';
import type { RouteOptions } from './router.js';

/** Answers this route codes itself: @fastify/compress leaves them alone. */
export const PRECOMPRESSED_ROUTE: RouteOptions = { compress: false };

/** Below this an answer goes uncoded, as @fastify/compress's threshold has it for other answers. */
const THRESHOLD_BYTES = 1024;

export interface Precompressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** How hard the codings are made. */
export interface CodingEffort {
  brotliQuality: number;
  gzipLevel: number;
}

/** Small JSON (lists of rows): the smallest codings, which cost little at their size. */
export const JSON_EFFORT: CodingEffort = { brotliQuality: 9, gzipLevel: 9 };

/**
 * JSON that is mostly base64 of JPEGs (megabytes of it): the gain is Huffman coding of base64's 64
 * letters, which every level gets. On thumbnails of 60 distinct real photos brotli 5 and 9 both gave
 * 73.4 % (gzip 6 and 9: 73.8 %), but brotli 9 took about 5 s per 25 MB against 0.9 s.
 */
export const BASE64_EFFORT: CodingEffort = { brotliQuality: 5, gzipLevel: 6 };

/**
 * A JSON answer with its brotli and gzip codings, made once (on libuv's threads, off the event loop)
 * to be sent many times: coded per request, 50 clients each cost the server a fresh brotli encoder
 * and the answer's compression every time (bench:api).
 */
export async function precompress(identity: Buffer, effort = JSON_EFFORT): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: effort.gzipLevel }),
  ]);
  return { identity, br, gzip: gz };
}

/**
 * The coding to send, negotiated as @fastify/compress negotiates the other answers (the same
 * library): the highest q of brotli and gzip, brotli on a tie; none where neither is accepted.
 * Content-coding names are case-insensitive (RFC 9110 §8.4.1); the library compares them as sent.
 */
export function chooseCoding(acceptEncoding: string | undefined): keyof Precompressed {
  return (
    (negotiate((acceptEncoding ?? '').toLowerCase(), ['br', 'gzip']) as 'br' | 'gzip' | null) ?? 'identity'
  );
}

/** Sends the coding the request accepts, with Content-Encoding and Vary as a compressing server does. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed): void {
  const coding =
    body.identity.length < THRESHOLD_BYTES ? 'identity' : chooseCoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding');
  if (coding !== 'identity') reply.header('content-encoding', coding);
  void reply.code(200).type(JSON_CONTENT_TYPE).send(body[coding]);
}
