import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 45 §1: one call sets (or clears) the hull zone of many images of a project, all or nothing.

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ WORKER_ENABLED: 'false' });
  owner = await signUp(t.app, t.config.mail.outboxDir);
  stranger = await signUp(t.app, t.config.mail.outboxDir);
});
afterAll(() => t.close());

async function projectWithImages(user: SignedInUser, count: number) {
  const projectId = await createProject(t.app, user.headers, { name: 'Survey', location: 'Kiel' });
  const png = await solidImage('png');
  const uploaded = await upload(
    t.app,
    user.headers,
    projectId,
    Array.from({ length: count }, (_, index) => ({ name: `frame-${index}.png`, data: png })),
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return { projectId, imageIds: uploaded.json().data.map((entry: { id: number }) => entry.id) as number[] };
}

const setZone = (projectId: number, payload: Record<string, unknown>, user = owner) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/projects/${projectId}/images/update/`,
    headers: user.headers,
    payload,
  });

async function zonesOf(projectId: number): Promise<Map<number, string | null>> {
  const details = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/image-details/`,
    headers: owner.headers,
  });
  expect(details.statusCode).toBe(200);
  return new Map(
    details.json().map((image: { id: number; hull_zone: string | null }) => [image.id, image.hull_zone]),
  );
}

describe('PATCH /api/projects/{id}/images/update/', () => {
  it('sets the zone of the images named, each once, and clears it with null', async () => {
    const { projectId, imageIds } = await projectWithImages(owner, 4);
    const [a, b, c, d] = imageIds as [number, number, number, number];
    const etag = (
      await t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/image-details/`,
        headers: owner.headers,
      })
    ).headers.etag;

    const set = await setZone(projectId, { images: [a, b, c, b], hull_zone: 'flat_bottom' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ updated: 3, hull_zone: 'flat_bottom' });
    expect([...(await zonesOf(projectId))]).toEqual([
      [a, 'flat_bottom'],
      [b, 'flat_bottom'],
      [c, 'flat_bottom'],
      [d, null],
    ]);
    // The list's version moved with the change, so a browser's cached list is not answered 304.
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/image-details/`,
      headers: { ...owner.headers, 'if-none-match': String(etag) },
    });
    expect(revalidated.statusCode).toBe(200);

    const cleared = await setZone(projectId, { images: [b], hull_zone: null });
    expect(cleared.json()).toEqual({ updated: 1, hull_zone: null });
    expect((await zonesOf(projectId)).get(b)).toBeNull();
  });

  it("changes nothing when one id is another user's image or unknown, and says which", async () => {
    const { projectId, imageIds } = await projectWithImages(owner, 2);
    const theirs = await projectWithImages(stranger, 1);
    const refused = await setZone(projectId, {
      images: [...imageIds, theirs.imageIds[0], 987_654],
      hull_zone: 'bow',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      images: [`${theirs.imageIds[0]}, 987654 are not images of this project: no zone was changed.`],
    });
    expect([...(await zonesOf(projectId)).values()]).toEqual([null, null]);

    // An image of the caller's other project is refused the same way.
    const other = await projectWithImages(owner, 1);
    const crossProject = await setZone(projectId, {
      images: [imageIds[0], other.imageIds[0]],
      hull_zone: 'bow',
    });
    expect(crossProject.json()).toEqual({
      images: [`${other.imageIds[0]} is not an image of this project: no zone was changed.`],
    });
  });

  it("answers 404 for another user's project, as for an unknown one", async () => {
    const theirs = await projectWithImages(stranger, 1);
    const answer = await setZone(theirs.projectId, { images: theirs.imageIds, hull_zone: 'bow' });
    const unknown = await setZone(987_654, { images: theirs.imageIds, hull_zone: 'bow' });
    expect([answer.statusCode, answer.json()]).toEqual([404, { detail: 'Not found.' }]);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { detail: 'Not found.' }]);
  });

  it('refuses an empty list, a list over the limit and an unknown zone on their fields', async () => {
    const { projectId, imageIds } = await projectWithImages(owner, 1);
    const empty = await setZone(projectId, { images: [], hull_zone: 'bow' });
    expect([empty.statusCode, empty.json()]).toEqual([400, { images: ['Choose at least one image.'] }]);
    const tooMany = await setZone(projectId, {
      images: Array.from({ length: 10_001 }, (_, i) => i + 1),
      hull_zone: 'bow',
    });
    expect([tooMany.statusCode, tooMany.json()]).toEqual([
      400,
      { images: ['Ensure this list has at most 10000 elements.'] },
    ]);
    const badZone = await setZone(projectId, { images: imageIds, hull_zone: 'keel_top' });
    expect(badZone.statusCode).toBe(400);
    expect(Object.keys(badZone.json())).toEqual(['hull_zone']);
    const noZone = await setZone(projectId, { images: imageIds });
    expect(noZone.statusCode).toBe(400);
  });
});
