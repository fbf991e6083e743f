import { rm, stat as fileStat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, ledgerSum } from '../../../src/features/credits/ledger.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { bandedImage, solidImage, upload } from '../../support/images.js';
import { fixtureModelId, readZip, resolutionId, waitForRequest } from '../../support/predictions.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { createProject } from '../../support/projects.js';

const BLACK: [number, number, number] = [0, 0, 0];
const RED: [number, number, number] = [200, 40, 40];
const BLUE: [number, number, number] = [40, 40, 200];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function projectWithImages(user: SignedInUser, files: { name: string; data: Buffer }[]) {
  const projectId = await createProject(t.app, user.headers);
  const uploaded = await upload(t.app, user.headers, projectId, files);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return {
    projectId,
    imageIds: uploaded.json().data.map((entry: { id: number }) => entry.id) as number[],
  };
}

/** GET …/predictionset/{id}/ of the project at `base` (`/api/projects/{id}`), as its owner. */
async function predictionSet(user: SignedInUser, base: string, predictionId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${base}/predictionset/${predictionId}/`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A quarter background, half red (Hard Fouling), a quarter blue (Clean Structure). */
async function bandedPng(): Promise<Buffer> {
  return (
    await bandedImage(96, 64, [
      [0.25, BLACK],
      [0.5, RED],
      [0.25, BLUE],
    ])
  )
    .png()
    .toBuffer();
}

describe('models and resolutions', () => {
  it('lists active models with their classes and the default resolutions with prices', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const models = (
      await t.app.inject({ method: 'GET', url: '/api/cvmodels/', headers: user.headers })
    ).json();
    expect(models).toContainEqual(
      expect.objectContaining({
        name: 'Color Classes',
        version: '0.0.1',
        active: true,
        classes: [
          { label: 'Background', hex_color: '#000000', in_percentages: false, fouling_category: 'none' },
          {
            label: 'Hard Fouling',
            hex_color: '#e53935',
            in_percentages: true,
            fouling_category: 'macrofouling',
          },
          {
            label: 'Light Slime',
            hex_color: '#43a047',
            in_percentages: true,
            fouling_category: 'microfouling',
          },
          { label: 'Clean Structure', hex_color: '#1e88e5', in_percentages: true, fouling_category: 'none' },
        ],
      }),
    );
    const resolutions = (
      await t.app.inject({ method: 'GET', url: '/api/resolutions/', headers: user.headers })
    ).json();
    expect(resolutions).toEqual([
      {
        id: expect.any(Number),
        name: 'standard',
        display_name: 'Standard (max 800 px)',
        type: 'max_side',
        price: 1,
        resolution: 800,
        active: true,
      },
      {
        id: expect.any(Number),
        name: 'fullhd',
        display_name: 'Full HD (max 1920 px)',
        type: 'max_side',
        price: 2,
        resolution: 1920,
        active: true,
      },
    ]);
    await t.app.database.db
      .updateTable('cv_models')
      .set({ active: 0 })
      .where('name', '=', 'Color Classes')
      .execute();
    const afterDeactivation = (
      await t.app.inject({ method: 'GET', url: '/api/cvmodels/', headers: user.headers })
    ).json();
    expect(afterDeactivation.map((model: { name: string }) => model.name)).not.toContain('Color Classes');
    await t.app.database.db
      .updateTable('cv_models')
      .set({ active: 1 })
      .where('name', '=', 'Color Classes')
      .execute();
  });
});

describe('a full prediction run', () => {
  it('predicts a JPEG 2 to 3 times the resolution at the size its own dimensions give', async () => {
    // 1602 × 1203 to 800 px is 800 × 601 (600.75 rounded). The worker decodes such a JPEG at half
    // size (801 × 601), from which a plain fit would give 800 × 600.
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const photo = await (
      await bandedImage(1602, 1203, [
        [0.5, RED],
        [0.5, BLUE],
      ])
    )
      .jpeg({ quality: 95 })
      .toBuffer();
    const { projectId, imageIds } = await projectWithImages(user, [{ name: 'large.jpg', data: photo }]);
    const base = `/api/projects/${projectId}`;
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `${base}/request-predict/`,
      headers: user.headers,
      payload: {
        model: await fixtureModelId(t.app, user.headers),
        resolution: await resolutionId(t.app, user.headers, 'standard'),
        images: imageIds,
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const finished = await waitForRequest(t.app, user.headers, scheduled.json().request_id);
    expect(finished.progress).toEqual({ done: 1, failed: 0, total: 1 });
    const thumbs = await t.app.inject({
      method: 'GET',
      url: `${base}/image/${imageIds[0]}/prediction-thumbnails/`,
      headers: user.headers,
    });
    const predictionId = thumbs.json().thumbnails[0].prediction_id;
    const set = await predictionSet(user, base, predictionId);
    for (const image of [set.ORG, set.PRED]) {
      const decoded = await sharp(Buffer.from(image.base64_image, 'base64')).metadata();
      expect([image.width, image.height, decoded.width, decoded.height]).toEqual([800, 601, 800, 601]);
    }
    // Half red (Hard Fouling), half blue (Clean Structure), give or take the blurred row between.
    const share = (label: string) =>
      set.predictions.find((entry: { label: string }) => entry.label === label).percentage as number;
    expect(share('Hard Fouling')).toBeCloseTo(50, 0);
    expect(share('Hard Fouling') + share('Clean Structure')).toBeCloseTo(100, 5);
  });

  it('charges, runs, stores PRED/ORG (STAT when first read) with the right percentages and offers them for download', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const { projectId, imageIds } = await projectWithImages(user, [
      { name: 'banded.png', data: await bandedPng() },
      { name: 'red.jpg', data: await solidImage('jpeg', 80, 60) },
    ]);
    const payload = {
      model: await fixtureModelId(t.app, user.headers),
      resolution: await resolutionId(t.app, user.headers, 'standard'),
      images: imageIds,
    };
    const base = `/api/projects/${projectId}`;

    const check = await t.app.inject({
      method: 'POST',
      url: `${base}/validate-predict-request/`,
      headers: user.headers,
      payload,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      message: expect.stringContaining('for 2 credits'),
      data: { credits: 50, images: imageIds, required_credits: 2, valid: true, charges: expect.any(Array) },
    });

    const scheduled = await t.app.inject({
      method: 'POST',
      url: `${base}/request-predict/`,
      headers: user.headers,
      payload,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const requestId: number = scheduled.json().request_id;
    expect(scheduled.json().message).toMatch(/Prediction \d+ scheduled for 2 images/);
    expect(await balanceOf(t.app.database.db, user.organisationId)).toBe(48);

    const finished = await waitForRequest(t.app, user.headers, requestId);
    expect(finished).toEqual({ id: requestId, status: 'DONE', progress: { done: 2, failed: 0, total: 2 } });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/request/current/',
      headers: user.headers,
    });
    expect(current.json()).toEqual({ request_id: 0, status: null });
    expect(
      (await t.app.inject({ method: 'GET', url: `${base}/predict-count/`, headers: user.headers })).json(),
    ).toEqual({
      prediction_count: 2,
    });

    const thumbs = await t.app.inject({
      method: 'GET',
      url: `${base}/image/${imageIds[0]}/prediction-thumbnails/`,
      headers: user.headers,
    });
    expect(thumbs.json()).toEqual({
      models: [payload.model],
      resolutions: [payload.resolution],
      thumbnails: [
        {
          id: expect.any(Number),
          prediction_id: expect.any(Number),
          image_name: 'banded.png',
          base64_thumbnail: expect.any(String),
          model_id: payload.model,
          resolution_id: payload.resolution,
          project_id: projectId,
          confidence: expect.any(Number),
          low_confidence: expect.any(Boolean),
        },
      ],
    });

    const predictionId = thumbs.json().thumbnails[0].prediction_id;
    const { storage_prefix: prefix } = await t.app.database.db
      .selectFrom('predictions')
      .select('storage_prefix')
      .where('id', '=', predictionId)
      .executeTakeFirstOrThrow();
    const stored = async (file: string) =>
      fileStat(path.join(t.config.storageDir, prefix, file)).then(
        () => true,
        () => false,
      );
    // The pipeline stores ORG and PRED; STAT is drawn the first time it is asked for.
    expect([await stored('ORG.jpg'), await stored('PRED.png'), await stored('STAT.png')]).toEqual([
      true,
      true,
      false,
    ]);
    const set = await predictionSet(user, base, predictionId);
    expect(await stored('STAT.png')).toBe(true);
    expect(set.predictions).toEqual([
      { label: 'Hard Fouling', hex_color: '#e53935', percentage: 66.67 },
      { label: 'Light Slime', hex_color: '#43a047', percentage: 0 },
      { label: 'Clean Structure', hex_color: '#1e88e5', percentage: 33.33 },
    ]);
    expect(set.fouling_rating).toEqual({
      scale: 'IMO MEPC.378(80)',
      value: 4,
      label: 'Heavy macrofouling',
      macrofouling_percentage: 66.67,
      microfouling_percentage: 0,
    });
    const decode = (image: { base64_image: string }) =>
      sharp(Buffer.from(image.base64_image, 'base64')).metadata();
    const [pred, org, stat] = await Promise.all([decode(set.PRED), decode(set.ORG), decode(set.STAT)]);
    expect([pred.format, pred.width, pred.height]).toEqual(['png', 96, 64]);
    expect([org.format, org.width, org.height]).toEqual(['jpeg', 96, 64]);
    expect(stat.format).toBe('png');
    expect(set.STAT).toMatchObject({ type: 'STAT', width: stat.width, height: stat.height });
    expect(set.PRED).toMatchObject({ type: 'PRED', image_name: 'banded.png', width: 96, height: 64 });
    // The mask is painted in the class colours: a red-band pixel is Hard Fouling's colour.
    const maskPixel = await sharp(Buffer.from(set.PRED.base64_image, 'base64'))
      .extract({ left: 10, top: 32, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...maskPixel.subarray(0, 3)]).toEqual([0xe5, 0x39, 0x35]);

    const zip = await t.app.inject({ method: 'GET', url: `${base}/download/`, headers: user.headers });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="?hullscope-P-\d{4}-\d{2}-\d{2}\.zip"?$/,
    );
    const entries = await readZip(zip.rawPayload);
    const folder = `${imageIds[0]}-banded.png`;
    const predictionFolder = `${folder}/Color_Classes-0.0.1-standard`;
    expect([...entries.keys()].sort()).toEqual(
      [
        `${folder}/original.png`,
        `${predictionFolder}/ORG.jpg`,
        `${predictionFolder}/PRED.png`,
        `${predictionFolder}/STAT.png`,
        `${predictionFolder}/percentages.json`,
        `${imageIds[1]}-red.jpg/original.jpg`,
        `${imageIds[1]}-red.jpg/Color_Classes-0.0.1-standard/ORG.jpg`,
        `${imageIds[1]}-red.jpg/Color_Classes-0.0.1-standard/PRED.png`,
        `${imageIds[1]}-red.jpg/Color_Classes-0.0.1-standard/STAT.png`,
        `${imageIds[1]}-red.jpg/Color_Classes-0.0.1-standard/percentages.json`,
        'report.json',
        'report.pdf',
        'summary.csv',
      ].sort(),
    );
    expect(
      JSON.parse(entries.get(`${predictionFolder}/percentages.json`)!.toString()).percentages[0].percentage,
    ).toBe(66.67);
    const csv = entries.get('summary.csv')!.toString().trim().split('\n');
    expect(csv[0]).toMatch(
      /^image,model,version,resolution,Hard Fouling %,Light Slime %,Clean Structure %,date,project,/,
    );
    expect(csv[1]).toMatch(/^banded\.png,Color Classes,0\.0\.1,standard,66\.67,0,33\.33,\d{4}-/);
    expect(csv[2]).toMatch(/^red\.jpg,Color Classes,0\.0\.1,standard,100,0,0,/);

    const single = await t.app.inject({
      method: 'GET',
      url: `${base}/image/${imageIds[1]}/download/`,
      headers: user.headers,
    });
    expect([...(await readZip(single.rawPayload)).keys()]).toHaveLength(6);

    // Upgrading the model (start-up re-registration rewrites its version) must not relabel results
    // the older version made.
    const models = t.app.database.db.updateTable('cv_models').where('name', '=', 'Color Classes');
    await models.set({ version: '0.0.2' }).execute();
    try {
      const afterUpgrade = await readZip(
        (await t.app.inject({ method: 'GET', url: `${base}/download/`, headers: user.headers })).rawPayload,
      );
      expect(afterUpgrade.has(`${predictionFolder}/PRED.png`)).toBe(true);
      expect(afterUpgrade.get('summary.csv')!.toString()).toContain(
        'banded.png,Color Classes,0.0.1,standard',
      );
    } finally {
      await models.set({ version: '0.0.1' }).execute();
    }

    const transactions = (
      await t.app.inject({ method: 'GET', url: '/api/transactions/', headers: user.headers })
    ).json();
    expect(transactions).toContainEqual(
      expect.objectContaining({
        amount: -2,
        kind: 'prediction',
        status: 'SETTLED',
        predict_queue: {
          id: requestId,
          images: imageIds,
          project: { name: 'P' },
          resolution: { name: 'Standard (max 800 px)' },
          status: 'DONE',
        },
      }),
    );
    expect(
      transactions.find((row: { kind: string }) => row.kind === 'signup_bonus').predict_queue,
    ).toBeUndefined();
    expect(await ledgerSum(t.app.database.db, user.organisationId)).toBe(48);

    // Another user sees none of it.
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    for (const [method, url] of [
      ['GET', `${base}/predictionset/${predictionId}/`],
      ['GET', `/api/request/${requestId}/`],
      ['POST', `${base}/validate-predict-request/`],
      ['POST', `${base}/request-predict/`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: stranger.headers,
        payload: method === 'POST' ? payload : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }

    // Now every image has this prediction: the same request again is a duplicate, naming the images.
    const duplicate = await t.app.inject({
      method: 'POST',
      url: `${base}/validate-predict-request/`,
      headers: user.headers,
      payload,
    });
    expect(duplicate.json().data.valid).toBe(false);
    expect(duplicate.json().message).toMatch(
      /These images already have a prediction with Color Classes at Standard \(max 800 px\): banded\.png, red\.jpg/,
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: `${base}/request-predict/`,
      headers: user.headers,
      payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().non_field_errors[0]).toMatch(/already have a prediction/);
  });
});

describe('validation', () => {
  it('refuses unknown models, foreign images and too few credits, saying what is needed', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const other = await signUp(t.app, t.config.mail.outboxDir);
    const { projectId, imageIds } = await projectWithImages(user, [
      { name: 'a.png', data: await solidImage('png') },
      { name: 'b.png', data: await solidImage('png') },
    ]);
    const foreign = await projectWithImages(other, [{ name: 'c.png', data: await solidImage('png') }]);
    const model = await fixtureModelId(t.app, user.headers);
    const fullhd = await resolutionId(t.app, user.headers, 'fullhd');
    const validate = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/validate-predict-request/`,
        headers: user.headers,
        payload,
      });

    const unknownModel = (await validate({ model: 9999, resolution: fullhd, images: imageIds })).json();
    expect(unknownModel).toMatchObject({
      data: { valid: false },
      message: expect.stringMatching(/model is not available/),
    });

    const foreignImage = (
      await validate({ model, resolution: fullhd, images: [imageIds[0], foreign.imageIds[0]] })
    ).json();
    expect(foreignImage.message).toBe(
      `These images are not in this project: ${foreign.imageIds[0]}. Reload the page and select again.`,
    );

    // Every resolution at 30: a small image would otherwise cost a cheaper one's price.
    const { db } = t.app.database;
    const prices = await db.selectFrom('resolutions').select(['id', 'price']).execute();
    await db.updateTable('resolutions').set({ price: 30 }).execute();
    try {
      const poor = (await validate({ model, resolution: fullhd, images: imageIds })).json();
      expect(poor).toEqual({
        message: 'Not enough credits: 60 needed (2 × 30 per image), 50 available.',
        data: {
          credits: 50,
          images: imageIds,
          required_credits: 60,
          valid: false,
          charges: imageIds.map((image, index) => ({
            image,
            image_name: `${'ab'[index]}.png`,
            credits: 30,
            resolution: fullhd,
          })),
        },
      });
    } finally {
      for (const { id, price } of prices) {
        await db.updateTable('resolutions').set({ price }).where('id', '=', id).execute();
      }
    }

    const missingFields = await validate({ images: [] });
    expect(missingFields.statusCode).toBe(400);
    expect(missingFields.json()).toEqual({
      model: ['Required'],
      resolution: ['Required'],
      images: ['Select at least one image.'],
    });
  });
});

describe('failures', () => {
  /**
   * Uploads the images, removes the originals (and the model inputs their uploads kept) of those
   * named in `lost`, and runs them all.
   */
  async function runWithLostOriginals(names: string[], lost: string[], resolution: string) {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    // Larger than Standard's 800 px, so Full HD charges its own price (fair-pricing.test.ts has the smaller).
    const files = await Promise.all(
      names.map(async (name) => ({ name, data: await solidImage('png', 1000, 750) })),
    );
    const { projectId, imageIds } = await projectWithImages(user, files);
    const { db } = t.app.database;
    for (const [index, name] of names.entries()) {
      if (!lost.includes(name)) continue;
      const row = await db
        .selectFrom('images')
        .select('storage_prefix')
        .where('id', '=', imageIds[index]!)
        .executeTakeFirstOrThrow();
      await rm(path.join(t.config.storageDir, row.storage_prefix, 'original.png'));
      await rm(path.join(t.config.storageDir, row.storage_prefix, 'model-input'), { recursive: true });
    }
    const payload = {
      model: await fixtureModelId(t.app, user.headers),
      resolution: await resolutionId(t.app, user.headers, resolution),
      images: imageIds,
    };
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: user.headers,
      payload,
    });
    const requestId: number = scheduled.json().request_id;
    return { user, imageIds, requestId, finished: await waitForRequest(t.app, user.headers, requestId) };
  }

  it('refunds an image that cannot be processed; the request finishes with the rest', async () => {
    const { user, imageIds, requestId, finished } = await runWithLostOriginals(
      ['fine.png', 'lost.png'],
      ['lost.png'],
      'fullhd',
    );
    expect(finished).toMatchObject({ status: 'DONE', progress: { done: 1, failed: 1, total: 2 } });
    const { db } = t.app.database;
    const rows = await db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('organisation_id', '=', user.organisationId)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.kind, row.amount])).toEqual([
      ['signup_bonus', 50],
      ['prediction', -4],
      ['refund', 2],
    ]);
    expect(rows[2]).toMatchObject({
      prediction_request_id: requestId,
      reason: 'Refund: lost.png could not be processed',
    });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/transactions/', headers: user.headers })
    ).json();
    expect(listed.find((row: { kind: string }) => row.kind === 'refund')).toMatchObject({
      amount: 2,
      predict_queue: { id: requestId, images: imageIds, status: 'DONE' },
    });
    expect(await balanceOf(db, user.organisationId)).toBe(48);
    expect(await ledgerSum(db, user.organisationId)).toBe(48);
  });

  it('marks a request FAILED when no image could be processed, and refunds all', async () => {
    const { user, finished } = await runWithLostOriginals(['gone.png'], ['gone.png'], 'standard');
    expect(finished.status).toBe('FAILED');
    expect(await balanceOf(t.app.database.db, user.organisationId)).toBe(50);
  });
});

describe('concurrent scheduling', () => {
  it('with credits for one request, exactly one of many simultaneous requests succeeds', async () => {
    const idle = await createTestApp({ WORKER_ENABLED: 'false' });
    try {
      const user = await signUp(idle.app, idle.config.mail.outboxDir);
      const projectId = await createProject(idle.app, user.headers);
      const uploaded = await upload(idle.app, user.headers, projectId, [
        { name: 'a.png', data: await solidImage('png') },
      ]);
      // Every resolution, or the small image would cost Full HD's price (the same result, cheaper).
      await idle.app.database.db.updateTable('resolutions').set({ price: 30 }).execute();
      const payload = {
        model: await fixtureModelId(idle.app, user.headers),
        resolution: await resolutionId(idle.app, user.headers, 'standard'),
        images: [uploaded.json().data[0].id],
      };
      const responses = await Promise.all(
        Array.from({ length: 6 }, () =>
          idle.app.inject({
            method: 'POST',
            url: `/api/projects/${projectId}/request-predict/`,
            headers: user.headers,
            payload,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
      const { db } = idle.app.database;
      expect(await balanceOf(db, user.organisationId)).toBe(20);
      expect(await ledgerSum(db, user.organisationId)).toBe(20);
      expect(await db.selectFrom('prediction_requests').select('id').execute()).toHaveLength(1);
      expect(await db.selectFrom('jobs').select('id').execute()).toHaveLength(1);

      const running = (
        await idle.app.inject({
          method: 'POST',
          url: `/api/projects/${projectId}/validate-predict-request/`,
          headers: user.headers,
          payload,
        })
      ).json();
      expect(running.message).toMatch(/^Prediction \d+ is still running/);
      const current = (
        await idle.app.inject({ method: 'GET', url: '/api/request/current/', headers: user.headers })
      ).json();
      expect(current).toEqual({
        request_id: expect.any(Number),
        status: 'QUEUED',
        progress: { done: 0, failed: 0, total: 1 },
      });
      const deleteImage = await idle.app.inject({
        method: 'DELETE',
        url: `/api/projects/${projectId}/image/${payload.images[0]}/delete/`,
        headers: user.headers,
      });
      expect(deleteImage.statusCode).toBe(409);
      const deleteProject = await idle.app.inject({
        method: 'DELETE',
        url: `/api/projects/${projectId}/delete/`,
        headers: user.headers,
      });
      expect(deleteProject.statusCode).toBe(409);
    } finally {
      await idle.close();
    }
  });
});
