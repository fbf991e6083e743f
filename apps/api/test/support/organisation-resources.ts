import { expect } from 'vitest';
import type { SignedInUser } from './accounts.js';
import { solidImage } from './images.js';
import { predictWithFixtureModel } from './predictions.js';
import { createProject } from './projects.js';
import { actingIn, invite, teammate } from './teams.js';
import type { TestApp } from './test-app.js';

/**
 * An organisation holding one of every resource a path can name (project, image, prediction and its
 * request, vessel, export, share link, invitation, API key, a second member, webhook and delivery,
 * and a cleaning between two inspections of the vessel), by the parameter names of the
 * contract's paths; `vesselId` stands for the `:id` of the vessel routes.
 */
export async function organisationResources(
  t: TestApp,
  owner: SignedInUser,
): Promise<Record<string, number>> {
  const headers = actingIn(owner, owner.organisationId);
  const id = await createProject(t.app, headers);
  const { imageIds } = await predictWithFixtureModel(t.app, headers, id, [
    { name: 'hull.png', data: await solidImage('png') },
  ]);
  const db = t.app.database.db;
  const prediction = await db
    .selectFrom('predictions')
    .select(['id', 'request_id'])
    .where('image_id', '=', imageIds[0]!)
    .executeTakeFirstOrThrow();
  const vessel = await t.app.inject({
    method: 'POST',
    url: '/api/vessels/',
    headers,
    payload: { name: 'MV Keel' },
  });
  expect(vessel.statusCode, vessel.body).toBe(201);
  const cleaning = await cleaningOf(t, headers, vessel.json().id);
  const exported = await t.app.inject({ method: 'POST', url: '/api/user/export/', headers });
  expect(exported.statusCode, exported.body).toBe(201);
  const link = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${id}/share-links/`,
    headers,
    payload: {},
  });
  expect(link.statusCode, link.body).toBe(201);
  const invitation = await invite(
    t,
    owner,
    owner.organisationId,
    `surveyor.${owner.userId}@class-society.com`,
    'viewer',
  );
  expect(invitation.statusCode, invitation.body).toBe(201);
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/api-keys/',
    headers,
    payload: { name: 'Fleet system', scopes: ['read'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  const member = await teammate(t, owner, owner.organisationId, 'member');
  const webhook = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/webhooks/',
    headers,
    payload: { url: 'https://receiver.invalid/hullscope', events: ['images.uploaded'] },
  });
  expect(webhook.statusCode, webhook.body).toBe(201);
  const ping = await t.app.inject({
    method: 'POST',
    url: `/api/organisation/webhooks/${webhook.json().id}/test/`,
    headers,
  });
  expect(ping.statusCode, ping.body).toBe(201);
  return {
    id,
    imageId: imageIds[0]!,
    predictionId: prediction.id,
    requestId: prediction.request_id!,
    vesselId: vessel.json().id,
    exportId: exported.json().id,
    linkId: link.json().id,
    invitationId: invitation.json().id,
    keyId: key.json().id,
    userId: member.userId,
    organisationId: owner.organisationId,
    webhookId: webhook.json().id,
    deliveryId: ping.json().id,
    ...cleaning,
  };
}

/** Two dated inspections of the vessel and a cleaning between them. */
async function cleaningOf(t: TestApp, headers: Record<string, string>, vesselId: number) {
  const inspection = async (date: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers,
      payload: { name: `Survey ${date}`, location: 'Rotterdam', vessel: vesselId, inspection_date: date },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().id as number;
  };
  const beforeProjectId = await inspection('2025-03-01');
  const afterProjectId = await inspection('2025-03-05');
  const cleaning = await t.app.inject({
    method: 'POST',
    url: `/api/vessels/${vesselId}/cleanings/`,
    headers,
    payload: {
      before: beforeProjectId,
      after: afterProjectId,
      date: '2025-03-03',
      company: 'Clean Hulls Ltd',
      method: 'ROV brush cart',
      capture: true,
    },
  });
  expect(cleaning.statusCode, cleaning.body).toBe(201);
  return { cleaningId: cleaning.json().id as number, beforeProjectId, afterProjectId };
}

/** A route's path with its parameters filled from `ids`. */
export function pathWith(path: string, ids: Record<string, number>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) =>
    String(name === 'id' && path.startsWith('/api/vessels/') ? ids.vesselId : ids[name]),
  );
}
