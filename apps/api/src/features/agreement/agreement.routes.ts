import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { type CountedRow, withStoredConfusion } from './agreement-backfill.js';
import { reviewedForAgreement } from './agreement-rows.js';
import { byModel, modelAgreement } from './agreement.js';

/** Issue 39 §7: per model, how far it agrees with the people who reviewed its masks. */
export const registerAgreementRoutes: ApiRegistrar = ({ router, db, storage, config }) => {
  const agreementByModel = (rows: CountedRow[]) =>
    byModel(rows).map((group) => modelAgreement(group, config.foulingRating));

  router.add(routes.projectAgreement, async ({ organisation, params }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const rows = await withStoredConfusion(
      db,
      storage,
      await reviewedForAgreement(db, organisation.id, project.id),
    );
    return { scope: 'project' as const, models: agreementByModel(rows) };
  });

  router.add(routes.organisationAgreement, async ({ organisation }) => {
    const rows = await withStoredConfusion(db, storage, await reviewedForAgreement(db, organisation.id));
    return { scope: 'organisation' as const, models: agreementByModel(rows) };
  });
};
