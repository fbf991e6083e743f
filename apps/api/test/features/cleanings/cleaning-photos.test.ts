import { Cleaning, CleaningComparison } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderComparisonPdf } from '../../../src/features/cleanings/comparison-pdf.js';
import { pdfPages } from '../../support/pdf.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { type InspectionFixture, inspectedProject } from '../inspections/inspection-fixture.js';
import { decidedInspection } from '../record-book/record-book-fixture.js';

// Issue 40 §6 with photos: the inspection before is the analysed fixture (flat bottom rated 2 from
// its photos, 14 % macrofouling); the one after is a diver's checklist rating every area 0.

let t: TestApp;
let f: InspectionFixture;
let comparisonUrl: string;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
  f = await inspectedProject(t);
  const after = await decidedInspection(t, f.user.headers, f.vesselId, {
    name: 'After cleaning',
    date: '2026-03-20',
    rating: 0,
  });
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/vessels/${f.vesselId}/cleanings/`,
    headers: f.user.headers,
    payload: {
      before: f.projectId,
      after,
      date: '2026-03-16',
      company: 'Clean Hulls Ltd',
      method: 'Divers',
      capture: false,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  comparisonUrl = `/api/vessels/${f.vesselId}/cleanings/${Cleaning.parse(created.json()).id}/comparison/`;
});
afterAll(() => t.close());

describe('a comparison with photos', () => {
  it("gives the before side the photos' rating, coverage per class and the worst photo's thumbnail", async () => {
    const response = await t.app.inject({ method: 'GET', url: comparisonUrl, headers: f.user.headers });
    expect(response.statusCode, response.body).toBe(200);
    const bottom = CleaningComparison.parse(response.json()).zones.find(
      (zone) => zone.hull_zone === 'flat_bottom',
    )!;
    expect(bottom.before).toMatchObject({
      rating: { value: 2 },
      rating_source: 'photos',
      macrofouling_percentage: 14,
      photo_count: 2,
      photo: { image_id: f.images.bowFouled, image_name: 'bow-fouled.png' },
    });
    expect(bottom.before.coverage.map((entry) => entry.label)).toContain('Hard Fouling');
    expect(bottom.before.photo!.thumbnail).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(bottom.after).toMatchObject({ rating: { value: 0 }, rating_source: 'inspector', photo: null });
    expect(bottom.outcome).toBe('improved');
  });

  it('prints the photo in the PDF beside its figures', async () => {
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${comparisonUrl}download/`,
      headers: f.user.headers,
    });
    expect(pdf.statusCode).toBe(200);
    // The thumbnail is embedded as an image of the page.
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('prints the figures without the picture when a stored thumbnail cannot be decoded', async () => {
    const response = await t.app.inject({ method: 'GET', url: comparisonUrl, headers: f.user.headers });
    const comparison = CleaningComparison.parse(response.json());
    for (const zone of comparison.zones) {
      if (zone.before.photo) zone.before.photo.thumbnail = 'data:image/jpeg;base64,bm90IGEganBlZw==';
    }
    const doc = renderComparisonPdf(comparison, 'MV Test');
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => doc.on('end', resolve));
    const text = (await pdfPages(Buffer.concat(chunks))).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('The photo could not be drawn.');
    expect(text).toContain('Flat bottom');
  });
});
