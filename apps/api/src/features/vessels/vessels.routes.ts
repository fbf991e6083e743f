import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { withInspections } from '../inspections/vessel-inspections.js';
import { vesselsService } from './vessels.service.js';

export const registerVesselRoutes: ApiRegistrar = ({ router, db, config }) => {
  const vessels = vesselsService(db, config.accountCaps.vessels);

  // The fleet view (issue 18 §7): each vessel with its inspections and their ratings; all of them or a page.
  router.add(routes.listVessels, async ({ user, query, reply }) => {
    reply.header('x-total-count', String(await vessels.count(user.id)));
    return withInspections(db, user.id, await vessels.list(user.id, query), config);
  });

  // A new vessel has no inspections yet; every vessel answer carries them, so one shape serves all.
  router.add(routes.createVessel, async ({ user, body }) => ({
    ...(await vessels.create(user.id, body)),
    inspections: [],
  }));

  router.add(routes.getVessel, async ({ user, params }) => {
    const [vessel] = await withInspections(db, user.id, [await vessels.get(user.id, params.id)], config);
    return vessel!;
  });

  router.add(routes.updateVessel, async ({ user, params, body }) => {
    const [vessel] = await withInspections(
      db,
      user.id,
      [await vessels.update(user.id, params.id, body)],
      config,
    );
    return vessel!;
  });

  router.add(routes.deleteVessel, async ({ user, params }) => {
    await vessels.delete(user.id, params.id);
    return { message: 'Vessel successfully deleted' };
  });
};
