import { routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource } from '../audit/audit-log.js';
import { personName } from '../mask-versions/person-name.js';
import { vesselsService } from '../vessels/vessels.service.js';
import { cleaningComparison } from './cleaning-comparison.js';
import { cleaningsService } from './cleanings.service.js';
import { renderComparisonPdf } from './comparison-pdf.js';

/** Issue 40 §6: a vessel's cleanings (each linking an inspection before and after) and their comparison. */
export const registerCleaningRoutes: ApiRegistrar = ({ router, db, storage, config, reportRenders }) => {
  const vessels = vesselsService(db, config.accountCaps.vessels);
  /** The vessel's cleanings, after a 404 for a vessel the organisation does not have. */
  const cleaningsOf = async (organisationId: number, vesselId: number) => {
    const vessel = await vessels.get(organisationId, vesselId);
    return { vessel, cleanings: cleaningsService(db, organisationId, vessel.id) };
  };
  router.add(routes.listCleanings, async ({ organisation, params }) =>
    (await cleaningsOf(organisation.id, params.id)).cleanings.list(),
  );

  router.add(routes.createCleaning, async ({ organisation, user, params, body, request }) => {
    const { cleanings } = await cleaningsOf(organisation.id, params.id);
    const author = { id: user.id, name: await personName(db, user.id) };
    return cleanings.create(body, author, auditSource(request));
  });

  router.add(routes.getCleaning, async ({ organisation, params }) =>
    (await cleaningsOf(organisation.id, params.id)).cleanings.get(params.cleaningId),
  );

  router.add(routes.updateCleaning, async ({ organisation, params, body, request }) => {
    const { cleanings } = await cleaningsOf(organisation.id, params.id);
    return cleanings.update(params.cleaningId, body, auditSource(request));
  });

  router.add(routes.deleteCleaning, async ({ organisation, params, request }) => {
    const { cleanings } = await cleaningsOf(organisation.id, params.id);
    await cleanings.delete(params.cleaningId, auditSource(request));
    return { message: 'Cleaning successfully deleted' };
  });

  router.add(routes.cleaningComparison, async ({ organisation, params }) => {
    const { cleanings } = await cleaningsOf(organisation.id, params.id);
    const cleaning = await cleanings.get(params.cleaningId);
    return cleaningComparison(db, storage, config, organisation.id, cleaning);
  });

  router.add(routes.cleaningComparisonPdf, async ({ organisation, params, reply }) => {
    const { vessel, cleanings } = await cleaningsOf(organisation.id, params.id);
    const cleaning = await cleanings.get(params.cleaningId);
    await reportRenders.admit(organisation.id, reply);
    const comparison = await cleaningComparison(db, storage, config, organisation.id, cleaning);
    const pdf = renderComparisonPdf(comparison, vessel.name);
    pdf.on('error', (error) => reply.log.error({ err: error }, 'cleaning comparison failed'));
    const name = `${vessel.name.replace(/[/\\]+/g, '_')}-cleaning-${cleaning.date}-comparison.pdf`;
    return reply
      .header('content-disposition', contentDisposition(name))
      .header('access-control-expose-headers', 'Content-Disposition')
      .type('application/pdf')
      .send(pdf);
  });
};
