import type { HullPlan, ImagePlanPositionUpdate } from '@hullscope/contract';
import { FieldErrorCollector } from '../../http/api-error.js';
import type { StoredPosition } from './plan-positions.repository.js';

const metres = (value: number) => `${Math.round(value * 100) / 100} m`;

/**
 * A dragged point as stored, or 400 naming each coordinate outside the hull: along the length
 * overall, up to the boot-top's upper edge (side views) or within half the beam (bottom view).
 */
export function pointInHull(plan: HullPlan, body: ImagePlanPositionUpdate): StoredPosition {
  const view = plan.views.find((candidate) => candidate.view === body.view);
  const limits = view?.metres;
  if (!view || !limits || body.from_aft_m === undefined) throw new Error('A point needs a view and metres.');
  const acrossField = limits.across;
  const across = body[acrossField]!;
  const errors = new FieldErrorCollector();
  if (body.from_aft_m < 0 || body.from_aft_m > limits.max_from_aft_m) {
    errors.add(
      'from_aft_m',
      `This point is outside the hull: give 0 to ${metres(limits.max_from_aft_m)} from the aft perpendicular (the length overall).`,
    );
  }
  if (across < limits.across_min_m || across > limits.across_max_m) {
    errors.add(
      acrossField,
      acrossField === 'height_above_keel_m'
        ? `This point is outside the hull: give 0 to ${metres(limits.across_max_m)} above the keel (the design draught and the boot-top).`
        : `This point is outside the hull: give at most ${metres(limits.across_max_m)} either side of the centreline (half the beam; port positive).`,
    );
  }
  errors.throwIfAny();
  return { view: view.view, from_aft_m: body.from_aft_m, across_m: across, placement: 'dragged' };
}
