import {
  type HullPlan,
  type HullZone,
  type PlanPin,
  type PlanPins,
  metresAt,
  pointOnView,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, ProjectRow } from '../../db/schema.js';
import { conflict } from '../../http/api-error.js';
import { hullPlan } from '../hull-plan/hull-plan.js';
import { particularsOf } from '../vessels/vessel-particulars.js';
import { vesselsRepository } from '../vessels/vessels.repository.js';
import { type PositionedImage, planPositionsRepository } from './plan-positions.repository.js';
import { spreadPoint, zoneAnchor } from './zone-placement.js';

/** The plan of the inspection's vessel, or 409: without a vessel there are no particulars to draw. */
export async function projectPlanOr409(
  db: Kysely<DB>,
  owner: number,
  project: ProjectRow,
): Promise<HullPlan> {
  const vessel = project.vessel_id ? await vesselsRepository(db).findOwned(owner, project.vessel_id) : null;
  if (!vessel)
    throw conflict("Choose the inspection's vessel first: its hull plan is drawn from its particulars.");
  return hullPlan(vessel.id, particularsOf(vessel));
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Every photo of the inspection as a numbered pin on the plan (issue 40 §2): at its stored point, or
 * spread around its zone's anchor; photos with neither (no zone, or `other`) are listed unplaced.
 */
export function pinsOnPlan(plan: HullPlan, images: readonly PositionedImage[]): PlanPins {
  const pins: PlanPin[] = [];
  const unplaced: PlanPins['unplaced'] = [];
  const byZoneCount = new Map<HullZone, number>();
  for (const image of images) {
    const base = {
      number: pins.length + 1,
      image_id: image.id,
      image_name: image.name,
      hull_zone: image.hull_zone,
    };
    const stored = image.position;
    const storedView = stored && plan.views.find((view) => view.view === stored.view);
    if (stored && storedView?.metres) {
      // Within the hull as it is now: a point placed before the vessel's particulars shrank is drawn
      // at the new edge, not off the drawing.
      const limits = storedView.metres;
      const within = {
        from_aft_m: clamp(stored.from_aft_m, 0, limits.max_from_aft_m),
        across_m: clamp(stored.across_m, limits.across_min_m, limits.across_max_m),
      };
      pins.push({
        ...base,
        placement: stored.placement,
        view: stored.view,
        ...pointOnView(storedView.metres, within.from_aft_m, within.across_m),
        ...within,
      });
      continue;
    }
    const target = image.hull_zone ? zoneAnchor(plan, image.hull_zone) : null;
    if (!target?.view.metres || !image.hull_zone) {
      unplaced.push({ image_id: image.id, image_name: image.name });
      continue;
    }
    const index = byZoneCount.get(image.hull_zone) ?? 0;
    byZoneCount.set(image.hull_zone, index + 1);
    const point = spreadPoint(target.view, target.anchor, index);
    pins.push({
      ...base,
      placement: 'zone',
      view: target.view.view,
      ...point,
      ...metresAt(target.view.metres, point.x, point.y),
    });
  }
  return { plan, pins, unplaced };
}

/** The inspection's pins as stored now. */
export async function projectPins(
  db: Kysely<DB>,
  owner: number,
  project: ProjectRow,
  plan?: HullPlan,
): Promise<PlanPins> {
  const drawn = plan ?? (await projectPlanOr409(db, owner, project));
  return pinsOnPlan(drawn, await planPositionsRepository(db).listForProject(owner, project.id));
}
