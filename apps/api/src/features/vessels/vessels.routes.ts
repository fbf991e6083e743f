import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { storageKeys } from '../../storage/storage-keys.js';
import { auditSource } from '../audit/audit-log.js';
import { withInspections } from '../inspections/vessel-inspections.js';
import { vesselsService } from './vessels.service.js';

export const registerVesselRoutes: ApiRegistrar = ({ router, db, config, storage }) => {
  const vessels = vesselsService(db, config.accountCaps.vessels);

  // The fleet view (issue 18 §7): each vessel with its inspections and their ratings; all of them or a page.
  router.add(routes.listVessels, async ({ organisation, query, reply }) => {
    reply.header('x-total-count', String(await vessels.count(organisation.id)));
    return withInspections(db, organisation.id, await vessels.list(organisation.id, query), config);
  });

  // A new vessel has no inspections yet; every vessel answer carries them, so one shape serves all.
  router.add(routes.createVessel, async ({ organisation, body }) => ({
    ...(await vessels.create(organisation.id, body)),
    inspections: [],
  }));

  router.add(routes.getVessel, async ({ organisation, params }) => {
    const [vessel] = await withInspections(
      db,
      organisation.id,
      [await vessels.get(organisation.id, params.id)],
      config,
    );
    return vessel!;
  });

  router.add(routes.updateVessel, async ({ organisation, params, body }) => {
    const [vessel] = await withInspections(
      db,
      organisation.id,
      [await vessels.update(organisation.id, params.id, body)],
      config,
    );
    return vessel!;
  });

  router.add(routes.deleteVessel, async ({ organisation, params, request }) => {
    const vessel = await vessels.delete(organisation.id, params.id, auditSource(request));
    // Its GA drawing's row went with it (cascade); its files are removed here.
    await storage.deletePrefix(storageKeys.vesselGaDrawings(organisation.id, vessel.id));
    return { message: 'Vessel successfully deleted' };
  });
};
