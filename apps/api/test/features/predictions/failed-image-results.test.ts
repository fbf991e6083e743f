import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../../src/inference/session-cache.js';
import { localStorage } from '../../../src/storage/local-storage.js';
import type { Storage } from '../../../src/storage/storage.js';
import { imageFiles } from '../../../src/storage/storage-keys.js';
import { predictJobFor, scheduleFixtureRequest } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

/** The images of a request, with their row in it and where their files are. */
function requestImages(requestId: number) {
  return t.app.database.db
    .selectFrom('prediction_request_images')
    .innerJoin('images', 'images.id', 'prediction_request_images.image_id')
    .select(['prediction_request_images.id', 'images.name', 'images.storage_prefix'])
    .where('prediction_request_images.request_id', '=', requestId)
    .execute();
}

describe('an image that fails after an earlier attempt stored its results', () => {
  // A worker killed after storing an image's files and before recording them leaves the files; if
  // the image then fails on the retry, nothing will ever point at them.
  it('is refunded and its stored results are removed; the other image keeps its own', async () => {
    const { requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, ['kept', 'lost']);
    const { db } = t.app.database;
    const images = await requestImages(requestId);
    const folderOf = (name: string) =>
      path.join(t.config.storageDir, images.find((image) => image.name === name)!.storage_prefix);
    const earlierResults = path.join(folderOf('lost.png'), `predictions/request-${requestId}`);
    await mkdir(earlierResults, { recursive: true });
    await writeFile(path.join(earlierResults, 'PRED.png'), 'from the killed attempt');
    // Lost: its original, and the model input its upload kept.
    await rm(path.join(folderOf('lost.png'), imageFiles.original('png')));
    await rm(path.join(folderOf('lost.png'), imageFiles.standardInputFolder), { recursive: true });

    const sessions = new SessionCache(1);
    await predictJobFor(t, sessions).handle(
      { requestId },
      { signal: new AbortController().signal, attempt: 2 },
    );
    await sessions.close();

    const request = await db
      .selectFrom('prediction_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ status: 'DONE', images_done: 1, images_failed: 1 });
    expect(existsSync(earlierResults)).toBe(false);
    expect(existsSync(path.join(folderOf('kept.png'), `predictions/request-${requestId}/PRED.png`))).toBe(
      true,
    );
  });
});

describe('an image refunded by another worker while this one predicted it', () => {
  // Two workers holding one job (its lease ran out): one gives the image up and refunds it while the
  // other is still predicting. The late worker's results must not be recorded, nor left on disk.
  it('is not recorded, and the results the late worker stored are removed', async () => {
    const { requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, ['contested']);
    const { db } = t.app.database;
    const row = (await requestImages(requestId))[0]!;
    const stored = localStorage(t.config.storageDir);
    // The other worker's refund lands once this one has read the image (the model input its upload
    // kept, or else the original).
    const refundMeanwhile = () =>
      db
        .updateTable('prediction_request_images')
        .set({ status: 'FAILED', error: 'given up by the other worker' })
        .where('id', '=', row.id)
        .execute();
    const refundedMeanwhile: Storage = {
      ...stored,
      getBuffer: async (key) => {
        const bytes = await stored.getBuffer(key);
        await refundMeanwhile();
        return bytes;
      },
      withFile: (key, use) =>
        stored.withFile(key, async (file) => {
          const result = await use(file);
          await refundMeanwhile();
          return result;
        }),
    };

    const sessions = new SessionCache(1);
    await predictJobFor(t, sessions, refundedMeanwhile).handle(
      { requestId },
      { signal: new AbortController().signal, attempt: 1 },
    );
    await sessions.close();

    const predictions = await db
      .selectFrom('predictions')
      .select('id')
      .where('request_id', '=', requestId)
      .execute();
    expect(predictions).toEqual([]);
    const results = path.join(t.config.storageDir, row.storage_prefix, `predictions/request-${requestId}`);
    expect(existsSync(results)).toBe(false);
    expect(existsSync(path.join(t.config.storageDir, row.storage_prefix, imageFiles.original('png')))).toBe(
      true,
    );
  });
});
