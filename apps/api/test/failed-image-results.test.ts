import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../src/inference/session-cache.js';
import { imageFiles } from '../src/storage/storage-keys.js';
import { predictJobFor, scheduleFixtureRequest } from './support/predictions.js';
import { type TestApp, createTestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

describe('an image that fails after an earlier attempt stored its results', () => {
  // A worker killed after storing an image's files and before recording them leaves the files; if
  // the image then fails on the retry, nothing will ever point at them.
  it('is refunded and its stored results are removed; the other image keeps its own', async () => {
    const { requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, ['kept', 'lost']);
    const { db } = t.app.database;
    const images = await db
      .selectFrom('images')
      .innerJoin('prediction_request_images', 'prediction_request_images.image_id', 'images.id')
      .select(['images.name', 'images.storage_prefix'])
      .where('prediction_request_images.request_id', '=', requestId)
      .execute();
    const folderOf = (name: string) =>
      path.join(t.config.storageDir, images.find((image) => image.name === name)!.storage_prefix);
    const earlierResults = path.join(folderOf('lost.png'), `predictions/request-${requestId}`);
    await mkdir(earlierResults, { recursive: true });
    await writeFile(path.join(earlierResults, 'PRED.png'), 'from the killed attempt');
    await rm(path.join(folderOf('lost.png'), imageFiles.original('png')));

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
