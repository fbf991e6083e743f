import { InspectionSummary } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { resolutionId, waitForRequest } from '../../support/predictions.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { type InspectionFixture, inspectedProject } from './inspection-fixture.js';

// Issue 18 §5: the inspection summary pools each zone's predictions by pixels.

let t: TestApp;
let f: InspectionFixture;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
  f = await inspectedProject(t);
});
afterAll(() => t.close());

const summaryOf = (query = '', headers = f.user.headers, projectId = f.projectId) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/inspection-summary/${query}`, headers });

const scale = 'IMO MEPC.378(80)';
const coverage = (hard: number, slime: number, clean: number) => [
  { label: 'Hard Fouling', hex_color: '#e53935', percentage: hard },
  { label: 'Light Slime', hex_color: '#43a047', percentage: slime },
  { label: 'Clean Structure', hex_color: '#1e88e5', percentage: clean },
];

describe('GET /api/projects/{id}/inspection-summary/', () => {
  it('pools each zone by surface pixels and rates it; the overall rating is the worst zone', async () => {
    const response = await summaryOf();
    expect(response.statusCode, response.body).toBe(200);
    const summary = InspectionSummary.parse(response.json());
    expect(summary.model).toEqual({ id: f.modelId, name: 'Color Classes', versions: ['0.0.1'] });
    expect(summary.resolution?.id).toBe(f.standard);
    expect(
      summary.zones.map((zone) => [zone.hull_zone, zone.zone_label, zone.image_count, zone.predicted_count]),
    ).toEqual([
      ['flat_bottom', 'Flat bottom', 2, 2],
      ['propeller', 'Propeller', 1, 1],
      [null, 'Unassigned', 2, 1],
    ]);

    const [bottom, propeller, unassigned] = summary.zones;
    // 800 px at 50 % and 3,200 px at 5 %: 14 %, not the plain mean 27.5 %.
    expect(bottom!.coverage).toEqual(coverage(14, 0, 86));
    expect(bottom!.rating).toEqual({
      scale,
      value: 2,
      label: 'Light macrofouling',
      macrofouling_percentage: 14,
      microfouling_percentage: 0,
    });
    // Worst first: 50 % macrofouling (rating 4) before 5 % (rating 2).
    expect(bottom!.images.map((image) => [image.image_name, image.rating?.value])).toEqual([
      ['bow-fouled.png', 4],
      ['bow-light.png', 2],
    ]);
    expect(bottom!.worst_image).toMatchObject({ image_id: f.images.bowFouled, image_name: 'bow-fouled.png' });
    expect(bottom!.worst_image?.prediction_id).toEqual(expect.any(Number));

    expect(propeller!.coverage).toEqual(coverage(0, 0.5, 99.5));
    expect(propeller!.rating?.value).toBe(1);

    // Open water has no surface: its zone is not rated and has no worst photo; late.png has no prediction.
    expect(unassigned!.coverage).toEqual(coverage(0, 0, 0));
    expect(unassigned!.rating).toBeNull();
    expect(unassigned!.worst_image).toBeNull();
    expect(unassigned!.images.map((image) => image.image_name)).toEqual(['water.png']);

    expect(summary.overall_rating?.value).toBe(2);
    expect(summary.worst_zone).toBe('flat_bottom');
    // Everything pooled: 5,600,000 / 7,200 = 777.78 hundredths of Hard Fouling, 22.22 of Light Slime,
    // 9,200 of Clean Structure; largest remainder rounds Hard Fouling up.
    expect(summary.all_zones.coverage).toEqual(coverage(7.78, 0.22, 92));
    expect(summary.all_zones.rating?.value).toBe(2);
    expect(summary.all_zones).toMatchObject({ image_count: 5, predicted_count: 4 });
  });

  it('answers another model-resolution pair when asked, and defaults to the most used pair', async () => {
    const fullHd = await resolutionId(t.app, f.user.headers, 'fullhd');
    const scheduled = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${f.projectId}/request-predict/`,
      headers: f.user.headers,
      payload: { model: f.modelId, resolution: fullHd, images: [f.images.propeller] },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await waitForRequest(t.app, f.user.headers, scheduled.json().request_id);

    const byDefault = InspectionSummary.parse((await summaryOf()).json());
    expect(byDefault.resolution?.id).toBe(f.standard);
    expect(byDefault.available.map((pair) => [pair.resolution, pair.predictions])).toEqual([
      [f.standard, 4],
      [fullHd, 1],
    ]);

    const asked = InspectionSummary.parse(
      (await summaryOf(`?model=${f.modelId}&resolution=${fullHd}`)).json(),
    );
    expect(asked.resolution?.id).toBe(fullHd);
    expect(asked.zones.map((zone) => [zone.zone_label, zone.predicted_count])).toEqual([
      ['Flat bottom', 0],
      ['Propeller', 1],
      ['Unassigned', 0],
    ]);
    expect(asked.overall_rating?.value).toBe(1);
    expect(asked.worst_zone).toBe('propeller');
  });

  it('refuses malformed and unused models and resolutions with 400 on the field', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['?model=abc', { model: ['A valid integer is required.'] }],
      ['?resolution=0', { resolution: ['Ensure this value is greater than or equal to 1.'] }],
      ['?model=999999', { model: ['This project has no predictions of this model.'] }],
      [
        `?model=${f.modelId}&resolution=999999`,
        { resolution: ['This project has no predictions at this resolution.'] },
      ],
    ];
    for (const [query, errors] of cases) {
      const response = await summaryOf(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(errors);
    }
  });

  it("is 404 for another user's project and for one that does not exist", async () => {
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect((await summaryOf('', stranger.headers)).statusCode).toBe(404);
    expect((await summaryOf('', f.user.headers, 999_999)).statusCode).toBe(404);
    expect((await summaryOf('', {} as { authorization: string })).statusCode).toBe(401);
  });

  it('summarises a project without predictions: zones counted, nothing rated', async () => {
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: stranger.headers,
      payload: { name: 'Empty', location: 'Nowhere' },
    });
    const summary = InspectionSummary.parse(
      (await summaryOf('', stranger.headers, created.json().id)).json(),
    );
    expect(summary).toMatchObject({
      model: null,
      resolution: null,
      available: [],
      zones: [],
      overall_rating: null,
    });
    expect(summary.all_zones).toMatchObject({
      image_count: 0,
      predicted_count: 0,
      coverage: [],
      rating: null,
    });
  });
});
