import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForeignKeyViolation } from '../../../src/db/errors.js';
import { nowIso } from '../../../src/db/time.js';
import { signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
});
afterAll(() => t.close());

/**
 * A user's image, and a prediction request for it that another call is committing while `remove`
 * runs: the request's rows are written in an open transaction, `remove` starts, and the transaction
 * commits a moment later. Answers `remove`'s response and whether the request still holds the image.
 * The race is PostgreSQL's (concurrent connections; without the row lock the delete waited for the
 * commit, then cascaded). On SQLite the open transaction holds the only connection, so the delete
 * runs after it whatever the code does: there the test checks the outcome only.
 */
async function deleteWhileScheduling(remove: (projectId: number, imageId: number) => string) {
  const user = await signUp(t.app, t.config.mail.outboxDir);
  const projectId = await createProject(t.app, user.headers);
  const uploaded = await upload(t.app, user.headers, projectId, [
    { name: 'a.png', data: await solidImage('png') },
  ]);
  const imageId: number = uploaded.json().data[0].id;
  const { db } = t.app.database;
  const model = await db.selectFrom('cv_models').select('id').executeTakeFirstOrThrow();
  const resolution = await db.selectFrom('resolutions').select('id').executeTakeFirstOrThrow();

  let deleting!: Promise<Awaited<ReturnType<typeof t.app.inject>>>;
  const requestId = await db.transaction().execute(async (trx) => {
    const request = await trx
      .insertInto('prediction_requests')
      .values({
        owner: user.organisationId,
        project_id: projectId,
        model_id: model.id,
        resolution_id: resolution.id,
        status: 'QUEUED',
        price_per_image: 1,
        images_total: 1,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('prediction_request_images')
      .values({ request_id: request.id, image_id: imageId, position: 0, status: 'PENDING' })
      .execute();
    deleting = t.app.inject({ method: 'DELETE', url: remove(projectId, imageId), headers: user.headers });
    // Long enough for the delete to reach the database before this commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return request.id;
  });
  const response = await deleting;
  const kept = await db
    .selectFrom('prediction_request_images')
    .select('id')
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return { response, requestKeepsImage: kept !== undefined };
}

describe('deleting while a prediction request for it is being scheduled', () => {
  it('refuses to delete the image the request has just paid for', async () => {
    const { response, requestKeepsImage } = await deleteWhileScheduling(
      (projectId, imageId) => `/api/projects/${projectId}/image/${imageId}/delete/`,
    );
    expect(response.statusCode).toBe(409);
    expect(requestKeepsImage).toBe(true);
  });

  it('refuses to delete the project the request has just paid for', async () => {
    const { response, requestKeepsImage } = await deleteWhileScheduling(
      (projectId) => `/api/projects/${projectId}/delete/`,
    );
    expect(response.statusCode).toBe(409);
    expect(requestKeepsImage).toBe(true);
  });

  it('refuses to delete the account the request has just paid for', async () => {
    const { response, requestKeepsImage } = await deleteWhileScheduling(() => '/api/user/delete/');
    expect(response.statusCode).toBe(409);
    expect(requestKeepsImage).toBe(true);
  });

  // What the scheduling transaction meets when the delete won: its insert points at a deleted row.
  it('recognises the database refusing a request row for a deleted image', async () => {
    const { db } = t.app.database;
    const request = await db.selectFrom('prediction_requests').select('id').executeTakeFirstOrThrow();
    const refused = await db
      .insertInto('prediction_request_images')
      .values({ request_id: request.id, image_id: 999_999_999, position: 0, status: 'PENDING' })
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isForeignKeyViolation(refused)).toBe(true);
  });
});
