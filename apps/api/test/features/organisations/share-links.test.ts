import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { solidImage } from '../../support/images.js';
import { organisationResources } from '../../support/organisation-resources.js';
import { pdfPages } from '../../support/pdf.js';
import { predictWithFixtureModel } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { actingIn } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

let t: TestApp;
let owner: SignedInUser;
let projectId: number;
let imageId: number;
let otherProjectImage: number;
let theirs: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir, { first_name: 'Share', last_name: 'Owner' });
  const headers = actingIn(owner, owner.organisationId);
  projectId = await createProject(t.app, headers, { name: 'Survey to share', location: 'Rotterdam' });
  const sharedPhoto = await predictWithFixtureModel(t.app, headers, projectId, [
    { name: 'shared.png', data: await solidImage('png') },
  ]);
  imageId = sharedPhoto.imageIds[0]!;
  const unshared = await createProject(t.app, headers, { name: 'Not shared', location: 'Antwerp' });
  const privatePhoto = await predictWithFixtureModel(t.app, headers, unshared, [
    { name: 'private.png', data: await solidImage('png') },
  ]);
  otherProjectImage = privatePhoto.imageIds[0]!;
  theirs = await organisationResources(t, await signUp(t.app, t.config.mail.outboxDir));
}, 120_000);
afterAll(() => t.close());

async function createLink(payload: Record<string, unknown> = {}) {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/share-links/`,
    headers: actingIn(owner, owner.organisationId),
    payload,
  });
  expect(created.statusCode, created.body).toBe(201);
  const url = new URL(created.json().url);
  return { link: created.json(), token: url.pathname.replace('/shared/', '') };
}

const shared = (path: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/shared/${path}${path.includes('?') ? '&' : '?'}token=${token}` });

describe('a share link', () => {
  it('carries 256 random bits, stores only their hash, and expires after 30 days by default', async () => {
    const { link, token } = await createLink({ label: 'Class surveyor' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.database.db
      .selectFrom('share_links')
      .select('token_hash')
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(link).toMatchObject({ label: 'Class surveyor', status: 'ACTIVE', views: 0 });
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('opens the inspection without an account: summary, images with overlays, PDF and JSON report', async () => {
    const { token } = await createLink({ label: 'Charterer' });
    const page = await shared('', token);
    expect(page.statusCode, page.body).toBe(200);
    const inspection = page.json();
    expect(inspection).toMatchObject({
      organisation: 'Share Owner',
      label: 'Charterer',
      project: { id: projectId, name: 'Survey to share' },
    });
    expect(inspection.images.map((image: { id: number }) => image.id)).toEqual([imageId]);
    const predictionId = inspection.images[0].predictions[0].prediction_id;

    const image = await shared(`image/${imageId}/`, token);
    expect(image.json()).toMatchObject({ id: imageId, image_name: 'shared.png' });
    const prediction = await shared(`predictionset/${predictionId}/`, token);
    expect(prediction.statusCode, prediction.body.slice(0, 300)).toBe(200);
    expect(prediction.json().PRED.base64_image.length).toBeGreaterThan(100);
    const json = await shared('report.json', token);
    expect(json.json().project.name).toBe('Survey to share');
    const pdf = await shared('report/', token);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfPages(pdf.rawPayload)).join('\n')).toContain('Survey to share');

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/share-links/`,
      headers: actingIn(owner, owner.organisationId),
    });
    expect(listed.json().find((row: { label: string }) => row.label === 'Charterer')).toMatchObject({
      views: 1,
    });
  });

  it('reaches no other project, image or prediction by changing ids', async () => {
    const { token } = await createLink();
    const ownOther = await shared(`image/${otherProjectImage}/`, token);
    const unknown = await shared('image/987654/', token);
    const otherOrganisation = await shared(`image/${theirs.imageId}/`, token);
    const otherPrediction = await shared(`predictionset/${theirs.predictionId}/`, token);
    for (const answer of [ownOther, otherOrganisation, otherPrediction]) {
      expect([answer.statusCode, answer.json()]).toEqual([unknown.statusCode, unknown.json()]);
    }
    expect(unknown.statusCode).toBe(404);
  });

  it('stops working when revoked or expired, and a wrong token opens nothing', async () => {
    const { link, token } = await createLink();
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/share-links/${link.id}/delete/`,
      headers: actingIn(owner, owner.organisationId),
    });
    expect(revoked.json()).toMatchObject({ status: 'REVOKED' });
    for (const path of ['', `image/${imageId}/`, 'report/', 'report.json']) {
      const answer = await shared(path, token);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().detail).toMatch(/expired or been revoked/);
    }
    const expiring = await createLink();
    await t.app.database.db
      .updateTable('share_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.link.id)
      .execute();
    expect((await shared('', expiring.token)).statusCode).toBe(404);
    expect((await shared('', 'x'.repeat(43))).statusCode).toBe(404);
  });

  it('refuses an expiry past a year', async () => {
    const tooLong = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/share-links/`,
      headers: actingIn(owner, owner.organisationId),
      payload: { expires_in_days: 400 },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(['expires_in_days']);
  });
});
