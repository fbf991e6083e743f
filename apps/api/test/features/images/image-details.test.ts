import { ImageDetailsList } from '@hullscope/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import {
  fixtureModelId,
  resolutionId,
  scheduleFixtureRequest,
  waitForRequest,
} from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const detailsUrl = (projectId: number) => `/api/projects/${projectId}/image-details/`;

describe('GET /api/projects/{id}/image-details/', () => {
  it('lists every image with its upload time, size and the keys of its predictions', async () => {
    const { user, requestId } = await scheduleFixtureRequest(t.app, t.config.mail.outboxDir, [
      'bow',
      'stern',
    ]);
    expect((await waitForRequest(t.app, user.headers, requestId)).status).toBe('DONE');
    const request = await t.app.database.db
      .selectFrom('prediction_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    // A third image, uploaded after the run, has no prediction.
    const later = await upload(t.app, user.headers, request.project_id, [
      { name: 'keel.png', data: await solidImage('png') },
    ]);
    expect(later.statusCode).toBe(201);

    const response = await t.app.inject({
      method: 'GET',
      url: detailsUrl(request.project_id),
      headers: user.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = ImageDetailsList.parse(response.json());
    expect(list.map((image) => image.image_name)).toEqual(['bow.png', 'stern.png', 'keel.png']);

    const predictions = await t.app.database.db
      .selectFrom('predictions')
      .select(['id', 'image_id', 'confidence'])
      .where('request_id', '=', requestId)
      .orderBy('id')
      .execute();
    expect(predictions).toHaveLength(2);
    for (const prediction of predictions) {
      const image = list.find((entry) => entry.id === prediction.image_id);
      expect(image?.predictions).toEqual([
        {
          prediction_id: prediction.id,
          model_id: request.model_id,
          resolution_id: request.resolution_id,
          // The fixture model is never sure of anything: below the default threshold.
          confidence: prediction.confidence,
          low_confidence: true,
        },
      ]);
    }
    const keel = list[2];
    expect(keel?.predictions).toEqual([]);
    expect(keel?.hull_zone).toBeNull();
    expect(keel?.width).toBeGreaterThan(0);
    // Upload times are ISO 8601 UTC and sort as the uploads happened.
    for (const image of list) expect(image.uploaded_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(keel!.uploaded_at >= list[0]!.uploaded_at).toBe(true);
  });

  it("answers an empty list for a project without images and 404 for another user's project", async () => {
    const owner = await signUp(t.app, t.config.mail.outboxDir);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, owner.headers);
    const own = await t.app.inject({ method: 'GET', url: detailsUrl(projectId), headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: detailsUrl(projectId),
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Not found.' });
    const anonymous = await t.app.inject({ method: 'GET', url: detailsUrl(projectId) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 304 to its ETag until a prediction, a zone, an upload or a delete changes the list', async () => {
    const owner = await signUp(t.app, t.config.mail.outboxDir);
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, owner.headers);
    const picture = await solidImage('png');
    const uploaded = await upload(t.app, owner.headers, projectId, [
      { name: 'bow.png', data: picture },
      { name: 'stern.png', data: picture },
    ]);
    const [bow, stern] = uploaded.json().data as { id: number }[];
    const read = (etag?: string, headers = owner.headers) =>
      t.app.inject({
        method: 'GET',
        url: detailsUrl(projectId),
        headers: etag ? { ...headers, 'if-none-match': etag } : headers,
      });

    const first = await read();
    expect(first.statusCode).toBe(200);
    const firstTag = String(first.headers.etag);
    expect(firstTag).toMatch(/^W\/"/);
    const unchanged = await read(firstTag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(unchanged.headers.vary).toBe(first.headers.vary);
    // Another user learns nothing from a tag.
    expect((await read(firstTag, stranger.headers)).statusCode).toBe(404);
    const thumbnails = (etag?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/thumbnails/`,
        headers: etag ? { ...owner.headers, 'if-none-match': etag } : owner.headers,
      });
    const thumbnailsTag = String((await thumbnails()).headers.etag);

    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: owner.headers,
      payload: {
        model: await fixtureModelId(t.app, owner.headers),
        resolution: await resolutionId(t.app, owner.headers, 'standard'),
        images: [bow!.id],
      },
    });
    expect(scheduled.statusCode).toBe(201);
    expect((await waitForRequest(t.app, owner.headers, scheduled.json().request_id)).status).toBe('DONE');
    const predicted = await read(firstTag);
    expect(predicted.statusCode).toBe(200);
    const predictedTag = String(predicted.headers.etag);
    expect(predictedTag).not.toBe(firstTag);
    const afterRun = ImageDetailsList.parse(predicted.json());
    expect(afterRun.map((image) => image.predictions.length)).toEqual([1, 0]);
    // The thumbnails show no prediction: a run does not make the grid fetch its pages again.
    expect((await thumbnails(thumbnailsTag)).statusCode).toBe(304);

    const zoned = await t.app.inject({
      method: 'PATCH',
      url: `/api/projects/${projectId}/image/${stern!.id}/update/`,
      headers: owner.headers,
      payload: { hull_zone: 'bow' },
    });
    expect(zoned.statusCode).toBe(200);
    const afterZone = await read(predictedTag);
    expect(afterZone.statusCode).toBe(200);
    expect(ImageDetailsList.parse(afterZone.json())[1]?.hull_zone).toBe('bow');

    await upload(t.app, owner.headers, projectId, [{ name: 'keel.png', data: await solidImage('jpeg') }]);
    const afterUpload = await read(String(afterZone.headers.etag));
    expect(afterUpload.statusCode).toBe(200);
    expect(ImageDetailsList.parse(afterUpload.json()).map((image) => image.image_name)).toEqual([
      'bow.png',
      'stern.png',
      'keel.png',
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/image/${bow!.id}/delete/`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const afterDelete = await read(String(afterUpload.headers.etag));
    expect(afterDelete.statusCode).toBe(200);
    expect(ImageDetailsList.parse(afterDelete.json()).map((image) => image.image_name)).toEqual([
      'stern.png',
      'keel.png',
    ]);

    // Compressed when asked for (from 1 kB: ten images), with the same content.
    await upload(
      t.app,
      owner.headers,
      projectId,
      Array.from({ length: 8 }, (_, index) => ({ name: `rudder-${index}.png`, data: picture })),
    );
    const plain = await read();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const gzipped = await t.app.inject({
      method: 'GET',
      url: detailsUrl(projectId),
      headers: { ...owner.headers, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    const browser = await t.app.inject({
      method: 'GET',
      url: detailsUrl(projectId),
      headers: { ...owner.headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString('utf8'))).toEqual(plain.json());
    const refused = await t.app.inject({
      method: 'GET',
      url: detailsUrl(projectId),
      headers: { ...owner.headers, 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });
});
