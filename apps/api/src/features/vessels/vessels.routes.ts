import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { vesselsService } from './vessels.service.js';

export const registerVesselRoutes: ApiRegistrar = ({ router, db }) => {
  const vessels = vesselsService(db);

  router.add(routes.listVessels, ({ user }) => vessels.list(user.id));

  router.add(routes.createVessel, ({ user, body }) => vessels.create(user.id, body));

  router.add(routes.getVessel, ({ user, params }) => vessels.get(user.id, params.id));

  router.add(routes.updateVessel, ({ user, params, body }) => vessels.update(user.id, params.id, body));

  router.add(routes.deleteVessel, async ({ user, params }) => {
    await vessels.delete(user.id, params.id);
    return { message: 'Vessel successfully deleted' };
  });
};
