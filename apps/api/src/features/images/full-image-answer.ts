import type { FastifyReply } from 'fastify';
import type { ImageRow } from '../../db/schema.js';
import { JSON_CONTENT_TYPE } from '../../http/base64-answers.js';
import { weakETag } from '../../http/etag.js';
import type { QualityThresholds } from '../../media/quality/quality-grade.js';
import { storedQuality } from '../../media/quality/stored-quality.js';
import type { Storage } from '../../storage/storage.js';
import { imageFiles, storageKeys } from '../../storage/storage-keys.js';

/** Changes every image's ETag when the answer's format changes. */
const ETAG_VERSION = 'images-3';

/**
 * An image's files never change once stored: its row names them. Its quality grade is judged when
 * read, so the thresholds' tag (qualityThresholdsTag) is part of it.
 */
export function fullImageETag(image: ImageRow, thresholdsTag: string): string {
  return weakETag(ETAG_VERSION, [
    image.id,
    image.name,
    image.content_hash,
    image.created_at,
    image.hull_zone ?? '',
    thresholdsTag,
  ]);
}

/** Sends the spec's FullImage answer of an image found for the caller, with its quality. */
export async function sendFullImage(
  storage: Storage,
  image: ImageRow,
  reply: FastifyReply,
  thresholds: QualityThresholds,
): Promise<void> {
  const preview = await storage.getBuffer(storageKeys.file(image.storage_prefix, imageFiles.preview));
  // Written as the contract's JSON directly: the serialiser would copy and scan the whole base64.
  const body =
    `{"id":${image.id},"image_name":${JSON.stringify(image.name)},` +
    `"base64_image":"${preview.toString('base64')}","width":${image.width},"height":${image.height},` +
    `"hull_zone":${JSON.stringify(image.hull_zone)},` +
    `"quality":${JSON.stringify(storedQuality(image.quality, thresholds))}}`;
  void reply.code(200).type(JSON_CONTENT_TYPE).send(body);
}
