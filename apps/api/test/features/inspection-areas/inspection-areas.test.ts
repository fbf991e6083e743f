import { InspectionAreas, InspectionReport } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { pdfPages } from '../../support/pdf.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { type InspectionFixture, inspectedProject } from '../inspections/inspection-fixture.js';

// Issue 40 §3-§5: the zone and niche checklist of an inspection, the actions its rules give, the
// next inspection, the fuel penalty estimate, and all of them in report.json and the PDF. The
// fixture's flat bottom is rated 2 from its photos (14 % macrofouling), its propeller 1.

let t: TestApp;
let f: InspectionFixture;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
  f = await inspectedProject(t);
});
afterAll(() => t.close());

const get = (path: string, headers = f.user.headers) =>
  t.app.inject({ method: 'GET', url: `/api/projects/${f.projectId}/${path}`, headers });
const patchAreas = (payload: object, headers = f.user.headers) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/projects/${f.projectId}/inspection-areas/update/`,
    headers,
    payload,
  });
const checklist = async () => {
  const response = await get('inspection-areas/');
  expect(response.statusCode, response.body).toBe(200);
  return InspectionAreas.parse(response.json());
};
const area = (list: InspectionAreas, zone: string) => list.areas.find((entry) => entry.hull_zone === zone)!;

describe('the checklist before anyone decides', () => {
  it("lists the vessel's areas: photographed ones inspected with the photos' rating, the others undecided", async () => {
    const list = await checklist();
    expect(list.vessel).toBe(f.vesselId);
    expect(area(list, 'flat_bottom')).toMatchObject({
      status: 'inspected',
      status_from_photos: true,
      photo_count: 2,
      rating: { value: 2, source: 'photos', macrofouling_percentage: 14 },
      antifouling_condition: 'not_assessed',
    });
    expect(area(list, 'propeller').rating).toMatchObject({ value: 1, source: 'photos' });
    expect(area(list, 'sea_chest')).toMatchObject({
      status: null,
      photo_count: 0,
      rating: null,
      kind: 'niche',
    });
    // The vessel gives no particulars: no stabilisers or stern thrusters are assumed, so none is listed.
    expect(list.areas.map((entry) => entry.hull_zone)).not.toContain('stabilisers');
    expect(list.undecided).toContain('sea_chest');
    expect(list.undecided).not.toContain('flat_bottom');
  });

  it('gives each rated area the action of the highest rating rule it reaches, with that rule', async () => {
    const list = await checklist();
    expect(area(list, 'flat_bottom').actions).toEqual([
      expect.objectContaining({
        rule: 'Rating 2 or worse',
        action: 'In-water cleaning with capture recommended',
        urgency: 'next_opportunity',
        basis: expect.stringContaining('MEPC.378(80)'),
      }),
    ]);
    expect(area(list, 'propeller').actions.map((action) => action.rule)).toEqual(['Rating 1 or worse']);
    expect(list.actions.map((action) => [action.rule, action.areas])).toEqual([
      ['Rating 2 or worse', ['Flat bottom']],
      ['Rating 1 or worse', ['Propeller']],
    ]);
  });

  it('puts the next inspection a default year after this one, with a contingency after the cleaning', async () => {
    const { next_inspection } = await checklist();
    expect(next_inspection).toMatchObject({
      due_date: '2027-03-14',
      interval_days: 365,
      interval_is_default: true,
    });
    expect(next_inspection.contingency).toMatch(/after the cleaning/);
  });
});

describe('deciding areas', () => {
  it('refuses an area not inspected without a reason, one the vessel lacks, and a reason for an inspected one: nothing stored', async () => {
    const response = await patchAreas({
      rudder: { notes: 'Should not be stored' },
      sea_chest: { status: 'not_inspected' },
      stabilisers: { status: 'inspected' },
      anodes: { status: 'inspected', not_inspected_reason: 'visibility' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      sea_chest: ['Give the reason this area was not inspected.'],
      stabilisers: ['Stabilisers is not an area of this vessel (see its particulars).'],
      anodes: ['A reason is given only for an area not inspected.'],
    });
    expect(area(await checklist(), 'rudder').notes).toBeNull();
  });

  it('refuses unknown zones, reasons and fields on the zone', async () => {
    const response = await patchAreas({
      sea_chest: { status: 'not_inspected', not_inspected_reason: 'tired' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['sea_chest']);
    expect((await patchAreas({ keel: { status: 'inspected' } })).statusCode).toBe(400);
    expect((await patchAreas({ rudder: { colour: 'red' } })).statusCode).toBe(400);
  });

  it('records areas not inspected with reasons, an inspector rating marked as such, and the coating condition', async () => {
    const response = await patchAreas({
      sea_chest: { status: 'not_inspected', not_inspected_reason: 'not_accessible', notes: 'Grating bolted' },
      bow_thruster: { status: 'not_inspected', not_inspected_reason: 'visibility' },
      rudder: { status: 'inspected', inspector_rating: 3, antifouling_condition: 'major_damage' },
      flat_bottom: { inspector_rating: 4 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = InspectionAreas.parse(response.json());
    expect(area(list, 'sea_chest')).toMatchObject({
      status: 'not_inspected',
      not_inspected_reason_label: 'Not accessible',
      notes: 'Grating bolted',
      rating: null,
    });
    expect(area(list, 'rudder').rating).toMatchObject({
      value: 3,
      source: 'inspector',
      macrofouling_percentage: null,
    });
    // Photos win over the inspector's figure where they rate the area.
    expect(area(list, 'flat_bottom').rating).toMatchObject({ value: 2, source: 'photos' });
    expect(area(list, 'flat_bottom').inspector_rating).toBe(4);
    expect(list.not_inspected).toEqual(['sea_chest', 'bow_thruster']);
    expect(area(list, 'rudder').actions.map((action) => [action.urgency, action.action])).toEqual([
      ['before_next_voyage', 'Clean with capture of the removed material'],
      ['next_dry_docking', 'Plan coating repair at the next dry-docking'],
    ]);
    expect(list.actions[0]).toMatchObject({ rule: 'Rating 3 or worse', areas: ['Rudder'] });
    expect(list.actions.find((action) => action.rule === 'Not inspected')?.areas).toEqual([
      'Sea chest',
      'Bow thruster',
    ]);
    expect(list.next_inspection.contingency).toMatch(/areas not inspected \(Sea chest, Bow thruster\)/);
    // The same answer on the next read.
    expect(await checklist()).toEqual(list);
  });

  it('marking an area inspected again drops its reason; not inspected drops its entered rating', async () => {
    const list = InspectionAreas.parse(
      (
        await patchAreas({
          bow_thruster: { status: 'inspected' },
          rudder: { status: 'not_inspected', not_inspected_reason: 'out_of_scope' },
        })
      ).json(),
    );
    expect(area(list, 'bow_thruster')).toMatchObject({ status: 'inspected', not_inspected_reason: null });
    expect(area(list, 'rudder')).toMatchObject({
      status: 'not_inspected',
      inspector_rating: null,
      rating: null,
    });
    await patchAreas({
      bow_thruster: { status: 'not_inspected', not_inspected_reason: 'visibility' },
      rudder: { status: 'inspected', inspector_rating: 3 },
    });
  });

  it('keeps both of two changes to one area sent at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([
        patchAreas({ anodes: { notes: `Round ${round}` } }),
        patchAreas({ anodes: { antifouling_condition: round % 2 ? 'intact' : 'minor_damage' } }),
      ]);
      expect(area(await checklist(), 'anodes')).toMatchObject({
        notes: `Round ${round}`,
        antifouling_condition: round % 2 ? 'intact' : 'minor_damage',
      });
    }
    await patchAreas({ anodes: { notes: null, antifouling_condition: null } });
  });

  it("follows the vessel's own inspection interval", async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/vessels/${f.vesselId}/update/`,
      headers: f.user.headers,
      payload: { inspection_interval_days: 180 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await checklist()).next_inspection).toMatchObject({
      due_date: '2026-09-10',
      interval_days: 180,
      interval_is_default: false,
    });
  });

  it('adds the contingency rules of the whole ship: idle days past the highest threshold reached, operation outside its profile', async () => {
    const setVessel = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/vessels/${f.vesselId}/update/`,
        headers: f.user.headers,
        payload,
      });
    expect((await setVessel({ idle_days: 45, outside_operating_profile: true })).statusCode).toBe(200);
    const list = await checklist();
    const shipWide = list.actions.filter((action) => action.areas.includes('Whole ship'));
    expect(shipWide.map((action) => [action.rule, action.urgency])).toEqual([
      ['Idle 30 days or more', 'before_next_voyage'],
      ['Operated outside its profile', 'next_opportunity'],
    ]);
    expect(list.next_inspection.contingency).toMatch(
      /^Contingency inspection before the next voyage \(idle 30 days or more\)/,
    );
    // Fewer idle days than the threshold fire nothing; clearing the inputs clears the contingency.
    await setVessel({ idle_days: 29, outside_operating_profile: null });
    expect((await checklist()).actions.some((action) => action.areas.includes('Whole ship'))).toBe(false);
    expect((await setVessel({ idle_days: null })).statusCode).toBe(200);
  });

  it("is not found for another user's project", async () => {
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect((await get('inspection-areas/', stranger.headers)).statusCode).toBe(404);
    expect((await patchAreas({ rudder: { notes: 'x' } }, stranger.headers)).statusCode).toBe(404);
    expect((await get('fuel-penalty/', stranger.headers)).statusCode).toBe(404);
  });
});

describe('the fuel penalty estimate', () => {
  it('is labelled an estimate, from the pooled coverage, with its source, assumptions and range', async () => {
    const response = await get('fuel-penalty/');
    expect(response.statusCode, response.body).toBe(200);
    const fuel = response.json();
    expect(fuel).toMatchObject({ is_estimate: true, label: 'Estimate' });
    expect(fuel.source.citation).toMatch(/^Schultz, M\.P\. \(2007\).*Biofouling 23\(5\)/);
    expect(fuel.source.doi).toBe('10.1080/08927010701461974');
    const { macrofouling_percentage: macro, microfouling_percentage: micro } = fuel.coverage;
    expect(macro).toBeGreaterThan(0);
    // Central: macrofouling as medium calcareous fouling (54 %), slime between light and heavy (16 %), less the coating's 2 %.
    expect(fuel.added_shaft_power_percent.central).toBeCloseTo((macro * 52 + micro * 14) / 100, 1);
    expect(fuel.added_shaft_power_percent.low).toBeLessThan(fuel.added_shaft_power_percent.central);
    expect(fuel.added_shaft_power_percent.high).toBeGreaterThan(fuel.added_shaft_power_percent.central);
    expect(fuel.assumptions.length).toBeGreaterThan(2);
  });
});

describe('the report', () => {
  it('report.json holds the plan, the checklist, the areas not inspected, the actions and the estimate', async () => {
    const report = InspectionReport.parse((await get('report.json')).json());
    expect(report.hull_plan?.views.map((view) => view.view)).toEqual(['port', 'starboard', 'bottom']);
    expect(report.areas_not_inspected).toEqual([
      {
        hull_zone: 'sea_chest',
        zone_label: 'Sea chest',
        reason_label: 'Not accessible',
        notes: 'Grating bolted',
      },
      {
        hull_zone: 'bow_thruster',
        zone_label: 'Bow thruster',
        reason_label: 'Visibility too poor',
        notes: null,
      },
    ]);
    expect(report.record_book_entry.areas_not_inspected).toEqual(
      expect.arrayContaining([
        'Sea chest: Not accessible',
        'Bow thruster: Visibility too poor',
        'Anodes: not recorded',
      ]),
    );
    expect(report.checklist?.actions[0]?.action).toBe('Clean with capture of the removed material');
    expect(report.fuel_penalty?.is_estimate).toBe(true);
    expect(report.vessel?.inspection_interval_days).toBe(180);
  });

  it("the PDF prints the plan's legend, the areas not inspected, the actions and the estimate with its source", async () => {
    const response = await get('report/');
    expect(response.statusCode).toBe(200);
    const text = (await pdfPages(response.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Hull plan');
    expect(text).toContain('Port side');
    expect(text).toContain('Bottom (seen from below)');
    expect(text).toContain('Legend');
    expect(text).toMatch(/Niche areas: .*Sea chest/);
    expect(text).toContain('Areas not inspected');
    expect(text).toContain('Sea chest: Not accessible (Grating bolted)');
    expect(text).toContain('Bow thruster: Visibility too poor');
    expect(text).toContain('Before the next voyage: Clean with capture of the removed material');
    expect(text).toContain('Rule: Rating 3 or worse');
    expect(text).toContain('Next inspection due');
    expect(text).toContain('Fuel penalty (estimate)');
    expect(text).toMatch(/Estimate: about \d+\.\d % more shaft power \(range/);
    expect(text).toContain('Schultz, M.P. (2007)');
    expect(text).toContain('10.1080/08927010701461974');
  });
});
