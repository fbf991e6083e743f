import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { notFound } from '../../http/api-error.js';
import { particularsOf } from '../vessels/vessel-particulars.js';
import { vesselsRepository } from '../vessels/vessels.repository.js';
import { hullPlan } from './hull-plan.js';

/** Issue 40 §1: the drawn plan of one of the caller's vessels; another user's is not found. */
export const registerHullPlanRoutes: ApiRegistrar = ({ router, db }) => {
  router.add(routes.vesselHullPlan, async ({ organisation, params }) => {
    const vessel = await vesselsRepository(db).findOwned(organisation.id, params.id);
    if (!vessel) throw notFound();
    return hullPlan(vessel.id, particularsOf(vessel));
  });
};
