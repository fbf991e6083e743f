import { InspectionAreas } from '@hullscope/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../support/test-app.js';

type Headers = Record<string, string>;

export async function createVessel(
  t: TestApp,
  headers: Headers,
  name = 'MV Kittiwake',
  imoNumber: string | null = 'IMO 9074729',
): Promise<number> {
  const vessel = await t.app.inject({
    method: 'POST',
    url: '/api/vessels/',
    headers,
    payload: {
      name,
      imo_number: imoNumber,
      flag: 'NO',
      vessel_type: 'Bulk carrier',
      antifouling_system: 'SPC',
    },
  });
  expect(vessel.statusCode, vessel.body).toBe(201);
  return vessel.json().id;
}

export interface InspectionPlan {
  name: string;
  date: string;
  /** Inspector's rating of every inspected area. */
  rating: number;
  /** Areas marked not accessible, by zone. */
  notInspected?: string[];
  antifouling?: 'intact' | 'minor_damage' | 'major_damage';
}

/**
 * An inspection of the vessel without photos: every area decided by the inspector (rated, or not
 * inspected as not accessible), as a diver's checklist would be; answers the project's id.
 */
export async function decidedInspection(
  t: TestApp,
  headers: Headers,
  vesselId: number,
  plan: InspectionPlan,
): Promise<number> {
  const project = await t.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers,
    payload: {
      name: plan.name,
      location: 'Rotterdam, Calandkanaal',
      vessel: vesselId,
      inspection_date: plan.date,
      inspection_method: 'diver',
      inspector: 'Hull Divers BV',
      visibility: 'good',
    },
  });
  expect(project.statusCode, project.body).toBe(201);
  const id: number = project.json().id;
  const areas = InspectionAreas.parse(
    (await t.app.inject({ method: 'GET', url: `/api/projects/${id}/inspection-areas/`, headers })).json(),
  );
  const notInspected = plan.notInspected ?? [];
  const update = Object.fromEntries(
    areas.areas.map((area) => [
      area.hull_zone,
      notInspected.includes(area.hull_zone)
        ? { status: 'not_inspected', not_inspected_reason: 'not_accessible', notes: 'Behind the fender' }
        : {
            status: 'inspected',
            inspector_rating: plan.rating,
            antifouling_condition: plan.antifouling ?? 'intact',
          },
    ]),
  );
  const updated = await t.app.inject({
    method: 'PATCH',
    url: `/api/projects/${id}/inspection-areas/update/`,
    headers,
    payload: update,
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return id;
}

export async function sign(t: TestApp, headers: Headers, projectId: number, name = 'Ada Lovelace') {
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/sign/`,
    headers,
    payload: { name, position: 'Chief Officer' },
  });
  expect(signed.statusCode, signed.body).toBe(201);
  return signed.json() as { revision: number; report_sha256: string };
}
