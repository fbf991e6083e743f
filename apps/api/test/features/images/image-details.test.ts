import { ImageDetailsList } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import { scheduleFixtureRequest, waitForRequest } from '../../support/predictions.js';
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
});
