import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { PNG_SIGNATURE, pngChunk } from '../../src/media/indexed-png.js';
import type { RgbImage } from '../../src/media/renditions.js';
import type { TestApp } from './test-app.js';

export interface UploadFile {
  name: string;
  data: Buffer;
}

type Colour = [number, number, number];

/** An RGB image made of horizontal bands: [fraction of height, colour], top to bottom. */
export async function bandedImage(
  width: number,
  height: number,
  bands: [number, Colour][],
): Promise<sharp.Sharp> {
  const data = Buffer.alloc(width * height * 3);
  let row = 0;
  for (const [fraction, colour] of bands) {
    const rows = Math.round(fraction * height);
    for (let y = row; y < Math.min(height, row + rows); y += 1) {
      for (let x = 0; x < width; x += 1) data.set(colour, (y * width + x) * 3);
    }
    row += rows;
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

export async function solidImage(
  format: 'jpeg' | 'png' | 'webp' | 'tiff',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const image = await bandedImage(width, height, [[1, [200, 40, 40]]]);
  return image.toFormat(format, format === 'jpeg' || format === 'webp' ? { quality: 95 } : {}).toBuffer();
}

/** A valid PNG header claiming the given size, followed by a tiny body: a decompression bomb's calling card. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POSTs real multipart/form-data with repeated `images` fields, as a browser sends it. */
export async function upload(
  app: FastifyInstance,
  headers: { authorization: string },
  projectId: number,
  files: UploadFile[],
  field = 'images',
) {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([file.data]), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/image-upload/`,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

export type UploadPart = { field: string; value: string } | { field: string; file: string; data: Buffer };

/** POSTs multipart/form-data with its parts in exactly this order, as a browser sends a FormData. */
export async function uploadParts(
  app: FastifyInstance,
  headers: { authorization: string },
  projectId: number,
  parts: UploadPart[],
) {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.field, part.value);
    else form.append(part.field, new Blob([part.data]), part.file);
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/image-upload/`,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Every file below a folder, relative paths; empty when it does not exist. */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Deterministic pseudo-random RGB pixels (a linear congruential generator from `seed`), raw. */
export function noiseImage(width: number, height: number, seed: number): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < data.length; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    data[index] = state >> 23;
  }
  return { data, width, height };
}

/**
 * Uploads `count` copies of a two-band PNG photo (`hull-<n>.png`) through the API, checks the 201
 * and answers the new images' ids: enough pixels that a Full HD prediction of each takes a moment.
 */
export async function uploadBandedPhotos(
  app: FastifyInstance,
  headers: { authorization: string },
  projectId: number,
  count: number,
  [width, height]: [number, number] = [1600, 1200],
): Promise<number[]> {
  const picture = await (
    await bandedImage(width, height, [
      [0.5, [200, 40, 40]],
      [0.5, [40, 40, 200]],
    ])
  )
    .png()
    .toBuffer();
  const uploaded = await upload(
    app,
    headers,
    projectId,
    Array.from({ length: count }, (_, index) => ({ name: `hull-${index}.png`, data: picture })),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return uploaded.json().data.map((entry: { id: number }) => entry.id);
}

/** A distinct little JPEG per index (400 × 300, two bands), so each thumbnail's bytes differ. */
export async function distinctJpeg(index: number): Promise<Buffer> {
  const shade = (index * 37) % 256;
  return (
    await bandedImage(400, 300, [
      [0.5, [shade, 40, 200 - (shade % 200)]],
      [0.5, [40, shade, 90]],
    ])
  )
    .jpeg()
    .toBuffer();
}

/** An image's stored folder (its row's storage prefix under the app's storage folder). */
export async function storedImageFolder(t: TestApp, imageId: number): Promise<string> {
  const row = await t.app.database.db
    .selectFrom('images')
    .select('storage_prefix')
    .where('id', '=', imageId)
    .executeTakeFirstOrThrow();
  return path.join(t.config.storageDir, row.storage_prefix);
}

/** An image's stored thumbnail file as base64, as the thumbnail lists answer it. */
export async function storedThumbnailBase64(t: TestApp, imageId: number): Promise<string> {
  return (await readFile(path.join(await storedImageFolder(t, imageId), 'thumbnail.jpg'))).toString('base64');
}
