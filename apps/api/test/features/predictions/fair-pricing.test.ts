import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, ledgerSum } from '../../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { solidImage, upload } from '../../support/images.js';
import { fixtureModelId, resolutionId, waitForRequest } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Full HD (max 1920 px) costs 2 credits per image and Standard (max 800 px) 1. An image is never
// enlarged, so one whose longer side is at most 800 px gives Standard's result at Full HD too.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function projectWith(user: SignedInUser, sizes: Record<string, [number, number]>) {
  const projectId = await createProject(t.app, user.headers);
  const files = await Promise.all(
    Object.entries(sizes).map(async ([name, [width, height]]) => ({
      name,
      data: await solidImage('png', width, height),
    })),
  );
  const uploaded = await upload(t.app, user.headers, projectId, files);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const imageIds = uploaded.json().data.map((entry: { id: number }) => entry.id) as number[];
  const payload = {
    model: await fixtureModelId(t.app, user.headers),
    resolution: await resolutionId(t.app, user.headers, 'fullhd'),
    images: imageIds,
  };
  return { projectId, imageIds, payload };
}

async function ledgerOf(organisationId: number) {
  return t.app.database.db
    .selectFrom('credit_ledger')
    .select(['kind', 'amount', 'reason'])
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
}

describe('fair pricing at Full HD', () => {
  it('charges exactly 800 px the Standard price and 801 px the Full HD price, and says so', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const { projectId, imageIds, payload } = await projectWith(user, {
      'wide-800.png': [800, 450],
      'tall-800.png': [450, 800],
      'wide-801.png': [801, 450],
    });
    const standard = await resolutionId(t.app, user.headers, 'standard');
    const fullhd = payload.resolution;

    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/validate-predict-request/`,
      headers: user.headers,
      payload,
    });
    expect(validated.json()).toEqual({
      message:
        'Ready to run 3 images with Color Classes at Full HD (max 1920 px) for 4 credits (50 available). 2 images are no larger than 800 px, so they are charged the price of Standard (max 800 px), 1 credit per image: the result is the same.',
      data: {
        credits: 50,
        images: imageIds,
        required_credits: 4,
        valid: true,
        charges: [
          { image: imageIds[0], image_name: 'wide-800.png', credits: 1, resolution: standard },
          { image: imageIds[1], image_name: 'tall-800.png', credits: 1, resolution: standard },
          { image: imageIds[2], image_name: 'wide-801.png', credits: 2, resolution: fullhd },
        ],
      },
    });

    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: user.headers,
      payload,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(await ledgerOf(user.organisationId)).toEqual([
      { kind: 'signup_bonus', amount: 50, reason: expect.any(String) },
      {
        kind: 'prediction',
        amount: -4,
        reason:
          '3 × Color Classes at Full HD (max 1920 px); 2 at the Standard (max 800 px) price (no larger than 800 px)',
      },
    ]);
    const finished = await waitForRequest(t.app, user.headers, scheduled.json().request_id);
    expect(finished).toMatchObject({ status: 'DONE', progress: { done: 3, failed: 0, total: 3 } });
    // Labelled with the resolution asked for: only the price was Standard's.
    const predictions = await t.app.database.db
      .selectFrom('predictions')
      .select(['resolution_id', 'width', 'height'])
      .where('owner', '=', user.organisationId)
      .orderBy('image_id')
      .execute();
    expect(predictions).toEqual([
      { resolution_id: fullhd, width: 800, height: 450 },
      { resolution_id: fullhd, width: 450, height: 800 },
      { resolution_id: fullhd, width: 801, height: 450 },
    ]);
    expect(await balanceOf(t.app.database.db, user.organisationId)).toBe(46);
  });

  it('refunds a failed image what it was charged, not the Full HD price', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const { projectId, imageIds, payload } = await projectWith(user, {
      'small.png': [640, 480],
      'large.png': [1200, 900],
    });
    const { db } = t.app.database;
    for (const imageId of imageIds) {
      const row = await db
        .selectFrom('images')
        .select('storage_prefix')
        .where('id', '=', imageId)
        .executeTakeFirstOrThrow();
      await rm(path.join(t.config.storageDir, row.storage_prefix, 'original.png'));
    }
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: user.headers,
      payload,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const finished = await waitForRequest(t.app, user.headers, scheduled.json().request_id);
    expect(finished.status).toBe('FAILED');
    const rows = (await ledgerOf(user.organisationId)).map((row) => [row.kind, row.amount, row.reason]);
    expect(rows.slice(0, 2)).toEqual([
      ['signup_bonus', 50, expect.any(String)],
      ['prediction', -3, expect.stringContaining('1 at the Standard (max 800 px) price')],
    ]);
    // The worker takes two images at once: their refunds may be written in either order.
    expect(rows.slice(2).sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      ['refund', 2, 'Refund: large.png could not be processed'],
      ['refund', 1, 'Refund: small.png could not be processed'],
    ]);
    expect(await balanceOf(db, user.organisationId)).toBe(50);
    expect(await ledgerSum(db, user.organisationId)).toBe(50);
  });
});
