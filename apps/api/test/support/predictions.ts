import type { FastifyInstance } from 'fastify';
import { fromBuffer } from 'yauzl';
import { expect } from 'vitest';

export async function fixtureModelId(
  app: FastifyInstance,
  headers: { authorization: string },
): Promise<number> {
  const models = (await app.inject({ method: 'GET', url: '/api/cvmodels/', headers })).json();
  const model = models.find((entry: { name: string }) => entry.name === 'Color Classes');
  expect(model, 'the color-classes fixture model is registered').toBeDefined();
  return model.id;
}

export async function resolutionId(
  app: FastifyInstance,
  headers: { authorization: string },
  name: string,
): Promise<number> {
  const resolutions = (await app.inject({ method: 'GET', url: '/api/resolutions/', headers })).json();
  return resolutions.find((entry: { name: string }) => entry.name === name).id;
}

/** Polls GET /api/request/{id}/ as the web app does, until the request has finished. */
export async function waitForRequest(
  app: FastifyInstance,
  headers: { authorization: string },
  requestId: number,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = (await app.inject({ method: 'GET', url: `/api/request/${requestId}/`, headers })).json();
    if (body.status === 'DONE' || body.status === 'FAILED') return body;
    if (Date.now() > deadline)
      throw new Error(`request ${requestId} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The names and contents of every entry of a ZIP. */
export function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
