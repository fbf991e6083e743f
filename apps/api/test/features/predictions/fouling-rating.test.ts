import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { bandedImage, upload } from '../../support/images.js';
import {
  fixtureModelId,
  predictWithFixtureModel,
  readZip,
  resolutionId,
  waitForRequest,
} from '../../support/predictions.js';
import { pdfPages } from '../../support/pdf.js';
import { createProject } from '../../support/projects.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// The fixture model (fixtures/models/color-classes): dark is Background (none), red Hard Fouling
// (macrofouling), green Light Slime (microfouling), blue Clean Structure (none).
type Colour = [number, number, number];
const BLACK: Colour = [0, 0, 0];
const RED: Colour = [200, 40, 40];
const GREEN: Colour = [40, 200, 40];
const BLUE: Colour = [40, 40, 200];

/** 8 × 400 px PNG of horizontal bands: a row is 0.25 % of the image. */
async function bands(...rows: [number, Colour][]) {
  return (
    await bandedImage(
      8,
      400,
      rows.map(([count, colour]) => [count / 400, colour]),
    )
  )
    .png()
    .toBuffer();
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
});
afterAll(() => t.close());

describe('the IMO fouling rating of a prediction (issue 18 §4)', () => {
  it('answers the rating in the prediction set, percentages.json and summary.csv', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, user.headers, {
      name: 'Dry dock 2026',
      location: 'Hamburg',
    });
    const images = [
      // 61 of 400 rows red: 15.25 % of the surface, a whole 15 %: light macrofouling.
      { name: 'light.png', data: await bands([61, RED], [339, BLUE]) },
      // 62 rows: 15.5 %, a whole 16 %: medium. Slime with it changes nothing.
      { name: 'medium.png', data: await bands([62, RED], [100, GREEN], [238, BLUE]) },
      // A quarter Background is left out: 100 red rows of 300 surface rows are 33.33 %.
      { name: 'background.png', data: await bands([100, BLACK], [100, RED], [200, BLUE]) },
      // 2 green rows: 0.5 % microfouling, a whole 1 %: microfouling.
      { name: 'film.png', data: await bands([2, GREEN], [398, BLUE]) },
      // 1 green row: 0.25 %, a whole 0 %: below the 1 % minimum, a clean surface.
      { name: 'clean.png', data: await bands([1, GREEN], [399, BLUE]) },
      // No surface in view: nothing to rate.
      { name: 'water.png', data: await bands([400, BLACK]) },
    ];
    const { imageIds, base } = await predictWithFixtureModel(t.app, user.headers, projectId, images);

    const ratingOf = async (imageId: number) => {
      const thumbnails = await t.app.inject({
        method: 'GET',
        url: `${base}/image/${imageId}/prediction-thumbnails/`,
        headers: user.headers,
      });
      const predictionId = thumbnails.json().thumbnails[0].prediction_id;
      const set = await t.app.inject({
        method: 'GET',
        url: `${base}/predictionset/${predictionId}/`,
        headers: user.headers,
      });
      expect(set.statusCode, set.body).toBe(200);
      return set.json().fouling_rating;
    };
    const scale = 'IMO MEPC.378(80)';
    const expected = [
      {
        scale,
        value: 2,
        label: 'Light macrofouling',
        macrofouling_percentage: 15.25,
        microfouling_percentage: 0,
      },
      {
        scale,
        value: 3,
        label: 'Medium macrofouling',
        macrofouling_percentage: 15.5,
        microfouling_percentage: 25,
      },
      {
        scale,
        value: 3,
        label: 'Medium macrofouling',
        macrofouling_percentage: 33.33,
        microfouling_percentage: 0,
      },
      { scale, value: 1, label: 'Microfouling', macrofouling_percentage: 0, microfouling_percentage: 0.5 },
      { scale, value: 0, label: 'No fouling', macrofouling_percentage: 0, microfouling_percentage: 0.25 },
      null,
    ];
    for (const [index, imageId] of imageIds.entries()) {
      expect(await ratingOf(imageId), images[index]!.name).toEqual(expected[index]);
    }

    const zip = await t.app.inject({ method: 'GET', url: `${base}/download/`, headers: user.headers });
    const entries = await readZip(zip.rawPayload);
    const percentagesJson = (index: number) =>
      JSON.parse(
        entries
          .get(`${imageIds[index]}-${images[index]!.name}/Color_Classes-0.0.1-standard/percentages.json`)!
          .toString(),
      );
    expect(percentagesJson(1).fouling_rating).toEqual(expected[1]);
    expect(percentagesJson(5).fouling_rating).toBeNull();

    const csv = entries.get('summary.csv')!.toString().trim().split('\n');
    // The columns that were there keep their place; the new ones follow.
    expect(csv[0]).toBe(
      'image,model,version,resolution,Hard Fouling %,Light Slime %,Clean Structure %,date,' +
        'project,vessel,hull zone,total fouling %,macrofouling %,microfouling %,IMO rating,IMO rating label,' +
        'confidence,low confidence,hull_zone_label,inspection_date,quality,quality_reasons,reviewed_by',
    );
    // The confidence columns are checked in prediction-confidence.test.ts and the quality columns in
    // summary-csv.test.ts; no zone, no inspection date.
    const row = (index: number) =>
      csv[index + 1]!.replace(/,\d{4}-\d\d-\d\dT[^,]+,/, ',<date>,').replace(
        /,[\d.]+,(true|false),,,(good|fair|poor),[^\n]*$/,
        '',
      );
    expect(row(0)).toBe(
      'light.png,Color Classes,0.0.1,standard,15.25,0,84.75,<date>,Dry dock 2026,,,15.25,15.25,0,2,Light macrofouling',
    );
    expect(row(1)).toBe(
      'medium.png,Color Classes,0.0.1,standard,15.5,25,59.5,<date>,Dry dock 2026,,,40.5,15.5,25,3,Medium macrofouling',
    );
    expect(row(3)).toBe(
      'film.png,Color Classes,0.0.1,standard,0,0.5,99.5,<date>,Dry dock 2026,,,0.5,0,0.5,1,Microfouling',
    );
    expect(row(5)).toBe('water.png,Color Classes,0.0.1,standard,0,0,0,<date>,Dry dock 2026,,,,,,,');
  });

  it('cannot rate a prediction of a model registered before manifests declared categories', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, user.headers);
    const uploaded = await upload(t.app, user.headers, projectId, [
      { name: 'red.png', data: await bands([400, RED]) },
    ]);
    const imageId: number = uploaded.json().data[0].id;
    const modelId = await fixtureModelId(t.app, user.headers);
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/request-predict/`,
      headers: user.headers,
      payload: {
        model: modelId,
        resolution: await resolutionId(t.app, user.headers, 'standard'),
        images: [imageId],
      },
    });
    await waitForRequest(t.app, user.headers, scheduled.json().request_id);
    const models = t.app.database.db.updateTable('cv_models').where('id', '=', modelId);
    const row = await t.app.database.db
      .selectFrom('cv_models')
      .select('manifest')
      .where('id', '=', modelId)
      .executeTakeFirstOrThrow();
    const manifest = JSON.parse(row.manifest);
    const uncategorised = {
      ...manifest,
      classes: manifest.classes.map(({ fouling_category: _, ...rest }: Record<string, unknown>) => rest),
    };
    await models.set({ manifest: JSON.stringify(uncategorised) }).execute();
    try {
      const thumbnails = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/image/${imageId}/prediction-thumbnails/`,
        headers: user.headers,
      });
      const set = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/predictionset/${thumbnails.json().thumbnails[0].prediction_id}/`,
        headers: user.headers,
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().predictions).toEqual([
        { label: 'Hard Fouling', hex_color: '#e53935', percentage: 100 },
        { label: 'Light Slime', hex_color: '#43a047', percentage: 0 },
        { label: 'Clean Structure', hex_color: '#1e88e5', percentage: 0 },
      ]);
      expect(set.json().fouling_rating).toBeNull();
      const models = await t.app.inject({ method: 'GET', url: '/api/cvmodels/', headers: user.headers });
      expect(models.statusCode).toBe(200);
    } finally {
      await models.set({ manifest: row.manifest }).execute();
    }
  });
});

describe('summary.csv names the inspection (issue 18 §2–§4)', () => {
  it("fills the vessel and inspection date from the project and the hull zone from the image; a deleted vessel's cell empties", async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const vessel = await t.app.inject({
      method: 'POST',
      url: '/api/vessels/',
      headers: user.headers,
      payload: { name: 'MV Barnacle Queen', imo_number: 'IMO 9074729' },
    });
    expect(vessel.statusCode, vessel.body).toBe(201);
    const project = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: user.headers,
      payload: {
        name: 'In-water survey',
        location: 'Rotterdam',
        vessel: vessel.json().id,
        inspection_date: '2026-03-14',
      },
    });
    expect(project.statusCode, project.body).toBe(201);
    const base = `/api/projects/${project.json().id}`;
    const uploaded = await upload(t.app, user.headers, project.json().id, [
      { name: 'chest.png', data: await bands([61, RED], [339, BLUE]) },
    ]);
    const imageId: number = uploaded.json().data[0].id;
    const zoned = await t.app.inject({
      method: 'PATCH',
      url: `${base}/image/${imageId}/update/`,
      headers: user.headers,
      payload: { hull_zone: 'sea_chest' },
    });
    expect(zoned.statusCode, zoned.body).toBe(200);
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `${base}/request-predict/`,
      headers: user.headers,
      payload: {
        model: await fixtureModelId(t.app, user.headers),
        resolution: await resolutionId(t.app, user.headers, 'standard'),
        images: [imageId],
      },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await waitForRequest(t.app, user.headers, scheduled.json().request_id);

    const summaryRow = async () => {
      const zip = await t.app.inject({ method: 'GET', url: `${base}/download/`, headers: user.headers });
      const csv = (await readZip(zip.rawPayload)).get('summary.csv')!.toString().trim().split('\n');
      const cells = csv[1]!.split(',');
      // The spec's columns keep their places; the zone's label and the inspection date come after the
      // confidence (issue 45 §14), before the two quality columns (issue 46) and the reviewer (issue 39).
      return [...cells.slice(8, 11), ...cells.slice(-5, -3)];
    };
    expect(await summaryRow()).toEqual([
      'In-water survey',
      'MV Barnacle Queen',
      'sea_chest',
      'Sea chest',
      '2026-03-14',
    ]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/vessels/${vessel.json().id}/delete/`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await summaryRow()).toEqual(['In-water survey', '', 'sea_chest', 'Sea chest', '2026-03-14']);
  });
});

describe("the model's macrofouling noise floor in the answers (issue 45 §3)", () => {
  it('keeps a share within the floor from raising the band, in the prediction set and the inspection summary', async () => {
    const user = await signUp(t.app, t.config.mail.outboxDir);
    const projectId = await createProject(t.app, user.headers, { name: 'Noise', location: 'Kiel' });
    // 8 of 400 rows red: 2 % of the surface, a whole 2 %: light macrofouling without a floor.
    const { imageIds, base } = await predictWithFixtureModel(t.app, user.headers, projectId, [
      { name: 'specks.png', data: await bands([8, RED], [392, BLUE]) },
    ]);
    const ratingNow = async () => {
      const thumbnails = await t.app.inject({
        method: 'GET',
        url: `${base}/image/${imageIds[0]}/prediction-thumbnails/`,
        headers: user.headers,
      });
      const predictionId = thumbnails.json().thumbnails[0].prediction_id;
      const set = await t.app.inject({
        method: 'GET',
        url: `${base}/predictionset/${predictionId}/`,
        headers: user.headers,
      });
      const summary = await t.app.inject({
        method: 'GET',
        url: `${base}/inspection-summary/`,
        headers: user.headers,
      });
      return { set: set.json().fouling_rating, zone: summary.json().all_zones.rating };
    };
    expect((await ratingNow()).set).toMatchObject({ value: 2, macrofouling_percentage: 2 });

    // The registered manifest as it is now decides, as for the categories: give the model a floor.
    const { db } = t.app.database;
    const model = await db
      .selectFrom('cv_models')
      .select(['id', 'manifest'])
      .where('id', '=', await fixtureModelId(t.app, user.headers))
      .executeTakeFirstOrThrow();
    const manifest = JSON.parse(model.manifest);
    await db
      .updateTable('cv_models')
      .set({ manifest: JSON.stringify({ ...manifest, macrofouling_noise_floor_percent: 2.5 }) })
      .where('id', '=', model.id)
      .execute();
    try {
      const { set, zone } = await ratingNow();
      const within = {
        value: 0,
        macrofouling_percentage: 2,
        macrofouling_noise_floor_percentage: 2.5,
        macrofouling_within_noise: true,
      };
      expect(set).toMatchObject(within);
      expect(zone).toMatchObject(within);
      // The report says so beside the zone's figures, and its methods explain the floor.
      const pdf = await t.app.inject({ method: 'GET', url: `${base}/report/`, headers: user.headers });
      const text = (await pdfPages(pdf.rawPayload)).join(' ').replace(/\s+/g, ' ');
      expect(text).toContain("within the model's noise floor (2.5 %): not counted");
      expect(text).toContain("A macrofouling share up to the model's noise floor");
    } finally {
      await db
        .updateTable('cv_models')
        .set({ manifest: model.manifest })
        .where('id', '=', model.id)
        .execute();
    }
  });
});
