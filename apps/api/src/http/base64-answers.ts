import type { RouteOptions } from './router.js';

/** Answers of the contract's JSON written by a handler itself (see REPLY_SENT). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Files read at once for one thumbnail list: enough to keep the disk busy, little memory per request. */
export const THUMBNAIL_READS_IN_FLIGHT = 8;

/**
 * Answers that are mostly base64 of JPEG are sent uncompressed, whatever the client accepts. Such text
 * shrinks to about 75 % at best, and even the cheapest coding that gets there costs more than
 * sending it: on 14 MB of thumbnails gzip -6 took 700 ms, brotli -4 over 180 ms (and gains nothing
 * more once the images all differ), gzip's Huffman-only strategy 167 ms for 75.3 %. In bench:api
 * (2,000 images, 50 clients, 2 busy cores) a page of 50 thumbnails answered 104 requests/s, p99
 * 812 ms, uncompressed and 37 requests/s, p99 2,059 ms, Huffman-coded gzip. The bytes a client is
 * spared come from 304s and paging instead. The exception is the spec client's full list, coded once
 * per version and kept (features/images/full-thumbnail-list.ts), which no request pays for again.
 */
export const BASE64_IMAGE_COMPRESSION: RouteOptions = { compress: false };
