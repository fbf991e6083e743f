import { InspectionReport } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { pdfPages } from '../../support/pdf.js';
import { solidImage } from '../../support/images.js';
import { predictWithFixtureModel, readZip } from '../../support/predictions.js';
import { createProject } from '../../support/projects.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { type InspectionFixture, inspectedProject } from './inspection-fixture.js';

// Issue 18 §6: the inspection report as JSON (the record) and as PDF (its rendering).

let t: TestApp;
let f: InspectionFixture;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
  f = await inspectedProject(t);
});
afterAll(() => t.close());

const get = (path: string, headers = f.user.headers) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${f.projectId}/${path}`, headers });

describe('the inspection report', () => {
  it('report.json is the record: cover details, scale, summary, images, limitations and a Record Book entry', async () => {
    const response = await get('report.json');
    expect(response.statusCode, response.body).toBe(200);
    const report = InspectionReport.parse(response.json());
    expect(report.vessel).toMatchObject({
      name: 'MV Ørnøya Star',
      imo_number: '9074729',
      flag: 'NO',
      flag_name: 'Norway',
      vessel_type: 'Bulk carrier',
    });
    expect(report.inspection).toMatchObject({
      date: '2026-03-14',
      method: 'rov',
      method_label: 'ROV (remotely operated vehicle)',
      inspector: 'Subsea Survey AS',
      visibility_label: 'Moderate',
    });
    expect(report.model).toMatchObject({
      name: 'Color Classes',
      version: '0.0.1',
      validated_on_real_photos: false,
    });
    expect(report.rating_scale.bands.map((band) => band.value)).toEqual([0, 1, 2, 3, 4]);
    expect(report.summary.overall_rating?.value).toBe(2);
    // Zone by zone in hull order, worst first within a zone.
    expect(
      report.images.map((image) => [image.image_name, image.zone_label, image.rating?.value ?? null]),
    ).toEqual([
      ['bow-fouled.png', 'Flat bottom', 4],
      ['bow-light.png', 'Flat bottom', 2],
      ['propeller.png', 'Propeller', 1],
      ['water.png', 'Unassigned', null],
    ]);
    expect(report.images[0]!.percentages.find((entry) => entry.label === 'Hard Fouling')?.percentage).toBe(
      50,
    );
    expect(report.images_without_prediction).toEqual([
      { image_id: f.images.late, image_name: 'late.png', hull_zone: null },
    ]);
    // The fixture model's manifest does not claim validation on real photos: the report says so.
    expect(report.methods_and_limitations.join('\n')).toMatch(/not been validated on real photos/);
    expect(report.record_book_entry).toMatchObject({
      entry_type: 'In-water inspection',
      date: '2026-03-14',
      location: 'Bergen anchorage',
      vessel: 'MV Ørnøya Star (IMO 9074729)',
      areas_inspected: ['Flat bottom', 'Propeller', 'Unassigned'],
      method: 'ROV (remotely operated vehicle)',
      inspector: 'Subsea Survey AS',
    });
    expect(report.record_book_entry.rating?.value).toBe(2);
    expect(report.record_book_entry.fouling_found).toMatch(
      /^Overall rating 2 \(Light macrofouling\)\. Flat bottom: rating 2/,
    );
  });

  it('the PDF renders that record: every zone, rating and image name, with the vessel and IMO number', async () => {
    const response = await get('report/');
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('-inspection-report.pdf');
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      'Dry dock _ spring 2026-inspection-report.pdf',
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(response.rawPayload);
    // Cover; scale and summary; two photos per page (4 photos); the rest (not analysed, the area
    // checklist, actions and fuel estimate); the hull plan (issue 40); methods and Record Book.
    expect(pages.length).toBe(7);
    const text = pages.join('\n');
    for (const expected of [
      'MV Ørnøya Star',
      'IMO 9074729',
      'Norway (NO)',
      '2026-03-14',
      'Subsea Survey AS',
      'Flat bottom',
      'Propeller',
      'Unassigned',
      'IMO rating 0: No fouling',
      'IMO rating 1: Microfouling',
      'IMO rating 2: Light macrofouling',
      'IMO rating 4: Heavy macrofouling',
      'bow-fouled.png',
      'bow-light.png',
      'propeller.png',
      'water.png',
      'late.png',
      'Biofouling Record Book',
      'not been validated on real photos',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(pages[0]).toContain('IMO rating 2: Light macrofouling');
  });

  it('the project ZIP (Download All) holds report.json and report.pdf', async () => {
    const zip = await get('download/');
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    const inZip = InspectionReport.parse(JSON.parse(entries.get('report.json')!.toString()));
    const served = InspectionReport.parse((await get('report.json')).json());
    expect({ ...inZip, generated_at: '' }).toEqual({ ...served, generated_at: '' });
    const pages = await pdfPages(entries.get('report.pdf')!);
    expect(pages.length).toBe(7);
    expect(pages.join('\n')).toContain('bow-fouled.png');
  });

  it('marks photos read with low confidence in the record and the PDF, judged by the threshold as it is now', async () => {
    // The fixture model answers with small logits: every confidence is far below the default 0.6.
    const flagged = InspectionReport.parse((await get('report.json')).json());
    for (const image of flagged.images) {
      expect(image.confidence, image.image_name).toBeGreaterThan(0.25);
      expect(image.confidence, image.image_name).toBeLessThan(0.6);
      expect(image.low_confidence, image.image_name).toBe(true);
    }
    expect(flagged.summary.zones[0]!.images[0]).toMatchObject({ low_confidence: true });
    expect(flagged.methods_and_limitations.join('\n')).toContain(
      '4 photos were read with low model confidence',
    );
    const pdfText = (await pdfPages((await get('report/')).rawPayload)).join('\n');
    // One mark per photo, with its confidence (the PDF's text spacing varies with the layout).
    const marks = [...pdfText.matchAll(/Low confidence \((\d+)\s*%\)/g)].map((match) => Number(match[1]));
    expect(marks.sort()).toEqual(flagged.images.map((image) => Math.round(image.confidence! * 100)).sort());

    // Both bounds: these banded pictures are poor photos, held to the fair photos' bound.
    const configured = { ...t.config.confidence };
    Object.assign(t.config.confidence, { lowBelow: 0, lowBelowFair: 0 });
    try {
      const trusted = InspectionReport.parse((await get('report.json')).json());
      expect(trusted.images.map((image) => image.low_confidence)).toEqual([false, false, false, false]);
      expect(trusted.methods_and_limitations.join('\n')).not.toContain('low model confidence');
      expect((await pdfPages((await get('report/')).rawPayload)).join('\n')).not.toContain('Low confidence');
    } finally {
      Object.assign(t.config.confidence, configured);
    }
  });

  it('is compact by default: the worst photo of each zone and the flagged ones, every photo with ?photos=all (issue 45 §2)', async () => {
    const configured = { ...t.config.confidence };
    Object.assign(t.config.confidence, { lowBelow: 0, lowBelowFair: 0 });
    try {
      const compact = await get('report/');
      // The hull plan's pin legend names every photo (issue 40 §2); the photo pages are what is compact.
      const compactText = (await pdfPages(compact.rawPayload))
        .filter((page) => !page.includes('Photos on the plan'))
        .join('\n');
      const shown = (text: string) =>
        ['bow-fouled.png', 'bow-light.png', 'propeller.png', 'water.png'].filter((name) =>
          text.includes(name),
        );
      // Flat bottom's worst and Propeller's; Unassigned has no rated photo to show.
      expect(shown(compactText)).toEqual(['bow-fouled.png', 'propeller.png']);
      expect(compactText.replace(/\s+/g, ' ')).toContain('2 more analysed photos are not shown here');

      const all = await get('report/?photos=all');
      expect(all.statusCode).toBe(200);
      expect(decodeURIComponent(String(all.headers['content-disposition']))).toContain(
        'Dry dock _ spring 2026-inspection-report-all-photos.pdf',
      );
      const allPages = await pdfPages(all.rawPayload);
      expect(shown(allPages.filter((page) => !page.includes('Photos on the plan')).join('\n'))).toEqual([
        'bow-fouled.png',
        'bow-light.png',
        'propeller.png',
        'water.png',
      ]);
      expect((await pdfPages(compact.rawPayload)).length).toBeLessThan(allPages.length);
      // report.json is the whole record either way.
      expect(InspectionReport.parse((await get('report.json')).json()).images).toHaveLength(4);
      expect((await get('report/?photos=some')).statusCode).toBe(400);
    } finally {
      Object.assign(t.config.confidence, configured);
    }
  });

  it("puts the photos on the zone summary's page when they fit there, not on a new page", async () => {
    const projectId = await createProject(t.app, f.user.headers, { name: 'One photo', location: 'Quay' });
    const { base } = await predictWithFixtureModel(t.app, f.user.headers, projectId, [
      { name: 'single.png', data: await solidImage('png') },
    ]);
    const pdf = await t.app.inject({ method: 'GET', url: `${base}/report/`, headers: f.user.headers });
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages[1]).toContain('Summary per hull zone');
    expect(pages[1]).toContain('Key photos: the worst of each zone');
  });

  it('names the operator from the company record on the cover and in report.json', async () => {
    const updated = await t.app.inject({
      method: 'PATCH',
      url: '/api/company/update/',
      headers: f.user.headers,
      payload: {
        name: 'Nordic Bulk Shipping AS',
        address: 'Strandkaien 3',
        city: 'Bergen',
        zip: '5013',
        country: 'NO',
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const report = InspectionReport.parse((await get('report.json')).json());
    expect(report.operator).toEqual({
      name: 'Nordic Bulk Shipping AS',
      address: ['Strandkaien 3', '5013 Bergen', 'Norway'],
      tax_id: null,
    });
    const cover = (await pdfPages((await get('report/')).rawPayload))[0]!.replace(/\s+/g, ' ');
    expect(cover).toContain('Operator');
    expect(cover).toContain('Nordic Bulk Shipping AS, Strandkaien 3, 5013 Bergen, Norway');
  });

  it("is 404 for another user's project, as JSON and as PDF", async () => {
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect((await get('report/', stranger.headers)).statusCode).toBe(404);
    expect((await get('report.json', stranger.headers)).statusCode).toBe(404);
  });
});
