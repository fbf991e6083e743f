import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PredictionThumbnails } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleFixtureRequest, waitForRequest } from '../../support/predictions.js';
import { signUp } from '../../support/accounts.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/projects/{id}/image/{imageId}/prediction-thumbnails/', () => {
  it('answers the kept base64 of each thumbnail, 304 on its ETag, and makes a missing copy', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, ['bow']);
    expect((await waitForRequest(t.app, user.headers, requestId)).status).toBe('DONE');
    const prediction = await t.app.database.db
      .selectFrom('predictions')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    const url = `/api/projects/${prediction.project_id}/image/${prediction.image_id}/prediction-thumbnails/`;
    const folder = path.join(t.config.storageDir, prediction.storage_prefix);
    const thumbnail = (await readFile(path.join(folder, 'thumbnail.jpg'))).toString('base64');
    expect(await readFile(path.join(folder, 'thumbnail.b64'), 'latin1')).toBe(thumbnail);
    // As a result stored before copies were kept: made from thumbnail.jpg and written back.
    await rm(path.join(folder, 'thumbnail.b64'));

    const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(response.statusCode).toBe(200);
    const expected = {
      models: [prediction.model_id],
      resolutions: [prediction.resolution_id],
      thumbnails: [
        {
          id: prediction.id,
          prediction_id: prediction.id,
          image_name: 'bow.png',
          base64_thumbnail: thumbnail,
          model_id: prediction.model_id,
          resolution_id: prediction.resolution_id,
          project_id: prediction.project_id,
          confidence: prediction.confidence,
          low_confidence: true,
        },
      ],
    };
    expect(PredictionThumbnails.parse(response.json())).toEqual(expected);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...user.headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    expect(await readFile(path.join(folder, 'thumbnail.b64'), 'latin1')).toBe(thumbnail);
    const later = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(later.body).toBe(response.body);
  });
});

describe('GET /api/projects/{id}/predictionset/{predictionId}/', () => {
  it('answers 304 on its ETag, never compressed, and another prediction has another tag', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, [
      'bow',
      'stern',
    ]);
    expect((await waitForRequest(t.app, user.headers, requestId)).status).toBe('DONE');
    const rows = await t.app.database.db
      .selectFrom('predictions')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    const url = (row: (typeof rows)[number]) => `/api/projects/${row.project_id}/predictionset/${row.id}/`;

    // Base64 of PNG and JPEG gains little from compression and costs a lot of it (base64-answers.ts).
    const first = await t.app.inject({
      method: 'GET',
      url: url(rows[0]!),
      headers: { ...user.headers, 'accept-encoding': 'gzip, br' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.json()).toMatchObject({ PRED: { type: 'PRED', id: rows[0]!.id }, ORG: { type: 'ORG' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await t.app.inject({
      method: 'GET',
      url: url(rows[0]!),
      headers: { ...user.headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const other = await t.app.inject({
      method: 'GET',
      url: url(rows[1]!),
      headers: { ...user.headers, 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    expect(other.json().PRED.id).toBe(rows[1]!.id);

    // Another user learns nothing, tag or not.
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const foreign = await t.app.inject({
      method: 'GET',
      url: url(rows[0]!),
      headers: { ...stranger.headers, 'if-none-match': etag },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
