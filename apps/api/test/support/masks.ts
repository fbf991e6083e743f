import type { FastifyInstance } from 'fastify';
import { decode } from 'fast-png';
import sharp from 'sharp';
import { expect } from 'vitest';
import { encodeIndexedPng } from '../../src/media/indexed-png.js';
import { type SignedInUser, signUp } from './accounts.js';
import { bandedImage } from './images.js';
import { predictWithFixtureModel } from './predictions.js';
import { createProject } from './projects.js';
import type { TestApp } from './test-app.js';

type Colour = [number, number, number];
export const RED: Colour = [200, 40, 40];
export const GREEN: Colour = [40, 200, 40];
export const BLUE: Colour = [40, 40, 200];

/** The fixture model's class indexes (fixtures/models/color-classes). */
export const CLASS = { background: 0, hard: 1, slime: 2, clean: 3 } as const;
export const FIXTURE_PALETTE = Uint8Array.from([
  0, 0, 0, 0xe5, 0x39, 0x35, 0x43, 0xa0, 0x47, 0x1e, 0x88, 0xe5,
]);

/** An 8 × 400 PNG photo of horizontal bands, [rows, colour] top to bottom: a row is 0.25 % of it. */
export async function bandPhoto(...rows: [number, Colour][]): Promise<Buffer> {
  const image = await bandedImage(
    8,
    400,
    rows.map(([count, colour]) => [count / 400, colour]),
  );
  return image.png().toBuffer();
}

/** An 8 × 400 class map of bands, [rows, class index]. */
export function bandMask(...rows: [number, number][]): Uint8Array {
  const mask = new Uint8Array(8 * 400);
  let row = 0;
  for (const [count, index] of rows) {
    mask.fill(index, row * 8, (row + count) * 8);
    row += count;
  }
  return mask;
}

export function palettePng(mask: Uint8Array, width = 8, height = 400): Promise<Buffer> {
  return encodeIndexedPng(mask, width, height, FIXTURE_PALETTE);
}

export function greyPng(mask: Uint8Array, width = 8, height = 400): Promise<Buffer> {
  return sharp(Buffer.from(mask), { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/** The class indexes of an index PNG, as an independent reader (fast-png) decodes them. */
export function pngIndexes(png: Buffer): Uint8Array {
  return Uint8Array.from(decode(png).data);
}

/** POSTs a mask file as the web app does: multipart with the one field "mask". */
export async function postMask(
  app: FastifyInstance,
  headers: Record<string, string>,
  path: string,
  data: Buffer,
  field = 'mask',
) {
  const form = new FormData();
  form.append(field, new Blob([data], { type: 'image/png' }), 'mask.png');
  const request = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: path,
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

export interface PredictedProject {
  user: SignedInUser;
  projectId: number;
  base: string;
  imageIds: number[];
  /** The prediction of each image, in upload order. */
  predictionIds: number[];
}

/**
 * A new user's project with the photos predicted by the fixture model: by default one photo that
 * is a quarter hard fouling (rating 4) and three quarters clean structure.
 */
export async function predictedProject(
  t: TestApp,
  photos?: { name: string; data: Buffer }[],
  user?: SignedInUser,
): Promise<PredictedProject> {
  const owner = user ?? (await signUp(t.app, t.config.mail.outboxDir));
  const projectId = await createProject(t.app, owner.headers);
  const images = photos ?? [{ name: 'hull.png', data: await bandPhoto([100, RED], [300, BLUE]) }];
  const { imageIds, base } = await predictWithFixtureModel(t.app, owner.headers, projectId, images);
  const details = await t.app.inject({
    method: 'GET',
    url: `${base}/image-details/`,
    headers: owner.headers,
  });
  expect(details.statusCode, details.body).toBe(200);
  const byImage = new Map<number, number>(
    details
      .json<{ id: number; predictions: { prediction_id: number }[] }[]>()
      .map((image) => [image.id, image.predictions[0]!.prediction_id]),
  );
  return { user: owner, projectId, base, imageIds, predictionIds: imageIds.map((id) => byImage.get(id)!) };
}
