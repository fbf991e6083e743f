import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { reviewedForAgreement } from './agreement-rows.js';
import { byModel, modelAgreement } from './agreement.js';

/** Issue 39 §7: per model, how far it agrees with the people who reviewed its masks. */
export const registerAgreementRoutes: ApiRegistrar = ({ router, db, storage, config }) => {
  router.add(routes.projectAgreement, async ({ organisation, params }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const groups = byModel(await reviewedForAgreement(db, organisation.id, project.id));
    const models = [];
    for (const rows of groups) models.push(await modelAgreement(rows, storage, config.foulingRating));
    return { scope: 'project' as const, models };
  });

  router.add(routes.organisationAgreement, async ({ organisation }) => {
    const groups = byModel(await reviewedForAgreement(db, organisation.id));
    const models = [];
    for (const rows of groups) models.push(await modelAgreement(rows, storage, config.foulingRating));
    return { scope: 'organisation' as const, models };
  });
};
