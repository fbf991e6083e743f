import type { RouteOptions } from './router.js';

/** Answers of the contract's JSON written by a handler itself (see REPLY_SENT). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Files read at once for one thumbnail list: enough to keep the disk busy, little memory per request. */
export const THUMBNAIL_READS_IN_FLIGHT = 8;

/**
 * Answers that are mostly base64 of JPEG are sent uncompressed, whatever the client accepts. Such text
 * shrinks to about 75 % at best, and even the cheapest coding that gets there costs the server more
 * than sending it (docs/benchmarks.md, bench:api). The bytes a client is spared come from 304s and
 * paging instead. The exception is the spec client's full list, coded once
 * per version and kept (features/images/full-thumbnail-list.ts), which no request pays for again.
 */
export const BASE64_IMAGE_COMPRESSION: RouteOptions = { compress: false };
