import { constants as zlibConstants } from 'node:zlib';
import type { RouteOptions } from './router.js';

/** Answers of the contract's JSON written by a handler itself (see REPLY_SENT). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Files read at once for one thumbnail list: enough to keep the disk busy, little memory per request. */
export const THUMBNAIL_READS_IN_FLIGHT = 8;

/**
 * For answers that are mostly base64 of JPEG, which compresses to about three quarters at best:
 * brotli's and gzip's usual settings spend some 12-50 ms of CPU per MB on that (measured on 14 MB of
 * thumbnails: gzip -6 700 ms, brotli -4 180 ms and more once the images all differ). gzip's
 * Huffman-only strategy keeps nearly the whole saving (75.3 % of the size against 74.7 %) at a quarter
 * of gzip -6's time, so these answers are offered in gzip only, coded that way.
 */
export const BASE64_IMAGE_COMPRESSION: RouteOptions = {
  compress: { encodings: ['gzip'], zlibOptions: { strategy: zlibConstants.Z_HUFFMAN_ONLY } },
};
