import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { raiseContentVersionUnlessSigned, refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { interpolatedFrames } from './interpolate-frames.js';
import { projectPins, projectPlanOr409 } from './plan-pins.js';
import { planPositionsRepository } from './plan-positions.repository.js';
import { pointInHull } from './point-in-hull.js';

/**
 * Issue 40 §2: an inspection's photos on its vessel's plan, placed by zone or by hand. A position is
 * part of the inspection's images (the report draws it), so a signed inspection refuses changes.
 */
export const registerPlanPinRoutes: ApiRegistrar = ({ router, db }) => {
  router.add(routes.planPins, async ({ organisation, params }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    return projectPins(db, organisation.id, project);
  });

  router.add(routes.updateImagePlanPosition, async ({ organisation, params, body }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const image = await ownedImageOr404(db, organisation.id, project.id, params.imageId);
    refuseWhileSigned(project);
    const plan = await projectPlanOr409(db, organisation.id, project);
    const point = body.placement === 'point' ? pointInHull(plan, body) : null;
    await db.transaction().execute(async (trx) => {
      const positions = planPositionsRepository(trx);
      if (point) await positions.place([{ imageId: image.id, position: point }]);
      else await positions.clear(image.id);
      await raiseContentVersionUnlessSigned(trx, project.id, 'images');
    });
    return projectPins(db, organisation.id, project, plan);
  });

  router.add(routes.interpolatePlanPins, async ({ organisation, params, body }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    refuseWhileSigned(project);
    const plan = await projectPlanOr409(db, organisation.id, project);
    const interpolated = await db.transaction().execute(async (trx) => {
      const positions = planPositionsRepository(trx);
      const placed = interpolatedFrames(await positions.listForProject(organisation.id, project.id), body);
      await positions.place(placed);
      await raiseContentVersionUnlessSigned(trx, project.id, 'images');
      return placed.length;
    });
    return { ...(await projectPins(db, organisation.id, project, plan)), interpolated };
  });
};
