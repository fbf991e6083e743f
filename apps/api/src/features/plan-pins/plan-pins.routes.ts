import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { projectPins, projectPlanOr409 } from './plan-pins.js';
import { planPositionsService } from './plan-positions.service.js';
import { pointInHull } from './point-in-hull.js';

/**
 * An inspection's photos on its vessel's plan, placed by zone or by hand. A position is part of the
 * inspection's images (the report draws it), so a signed inspection refuses changes.
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
    await planPositionsService(db).placeImage(project.id, image.id, point);
    return projectPins(db, organisation.id, project, plan);
  });

  router.add(routes.interpolatePlanPins, async ({ organisation, params, body }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    refuseWhileSigned(project);
    const plan = await projectPlanOr409(db, organisation.id, project);
    const interpolated = await planPositionsService(db).interpolate(organisation.id, project.id, body);
    return { ...(await projectPins(db, organisation.id, project, plan)), interpolated };
  });
};
