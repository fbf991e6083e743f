import { Vessel, VesselList } from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../support/accounts.js';
import { COUNT_POOR_PHOTOS_ENV } from '../../support/quality-pictures.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';
import { type InspectionFixture, inspectedProject } from './inspection-fixture.js';

// Issue 18 §7: a vessel's inspections with their ratings, for the fleet view and the trend.

let t: TestApp;
let f: InspectionFixture;
beforeAll(async () => {
  t = await createTestApp(COUNT_POOR_PHOTOS_ENV);
  f = await inspectedProject(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = f.user.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe("a vessel's inspections", () => {
  it('lists the projects naming the vessel, oldest first, each with its overall rating and pooled macrofouling', async () => {
    // An earlier inspection with nothing analysed, and an undated one: both listed, unrated.
    const earlier = await call('POST', '/api/projects/', {
      name: 'Survey 2025',
      location: 'Rotterdam',
      vessel: f.vesselId,
      inspection_date: '2025-09-01',
    });
    const undated = await call('POST', '/api/projects/', {
      name: 'Undated',
      location: 'Oslo',
      vessel: f.vesselId,
    });
    await call('POST', '/api/projects/', { name: 'Not this vessel', location: 'Kiel' });
    expect(earlier.statusCode).toBe(201);

    const vessel = Vessel.parse((await call('GET', `/api/vessels/${f.vesselId}/`)).json());
    expect(
      vessel.inspections?.map((inspection) => [inspection.project_name, inspection.inspection_date]),
    ).toEqual([
      ['Survey 2025', '2025-09-01'],
      ['Dry dock / spring 2026', '2026-03-14'],
      ['Undated', null],
    ]);
    const [first, latest, last] = vessel.inspections!;
    expect(first).toMatchObject({
      project: earlier.json().id,
      photos: 0,
      analysed_photos: 0,
      overall_rating: null,
    });
    expect(first!.macrofouling_percentage).toBeNull();
    expect(first!.added_power_estimate).toBeNull();
    expect(latest).toMatchObject({
      project: f.projectId,
      location: 'Bergen anchorage',
      inspection_method: 'rov',
      inspector: 'Subsea Survey AS',
      photos: 5,
      analysed_photos: 4,
      macrofouling_percentage: 7.78,
    });
    expect(latest!.overall_rating?.value).toBe(2);
    // The fuel penalty estimate on the trend (issue 40 §5): from the same pooled coverage.
    expect(latest!.added_power_estimate?.central).toBeGreaterThan(0);
    expect(latest!.added_power_estimate!.low).toBeLessThan(latest!.added_power_estimate!.high);
    expect(last!.project).toBe(undated.json().id);

    const list = VesselList.parse((await call('GET', '/api/vessels/')).json());
    expect(list.find((entry) => entry.id === f.vesselId)?.inspections).toEqual(vessel.inspections);
  });

  it("shows no other user's projects and is 404 for another user's vessel", async () => {
    const stranger = await signUp(t.app, t.config.mail.outboxDir);
    expect((await call('GET', `/api/vessels/${f.vesselId}/`, undefined, stranger.headers)).statusCode).toBe(
      404,
    );
    const own = await call('POST', '/api/vessels/', { name: 'Own' }, stranger.headers);
    expect(own.json().inspections).toEqual([]);
    const list = VesselList.parse((await call('GET', '/api/vessels/', undefined, stranger.headers)).json());
    expect(list.map((entry) => [entry.name, entry.inspections])).toEqual([['Own', []]]);
  });
});
