import { routes } from '@hullscope/contract';
import type { ApiRegistrar } from '../../feature-context.js';
import { inspectionSummary } from '../inspections/inspection-summary.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { checklistOf, loadChecklist } from './load-checklist.js';
import { updateChecklist } from './update-checklist.js';

/** Issue 40 §3 and §4: an inspection's zone and niche checklist with its actions, read and changed. */
export const registerInspectionAreaRoutes: ApiRegistrar = ({ router, db, config }) => {
  router.add(routes.inspectionAreas, async ({ organisation, params, query }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    return loadChecklist(db, project, query, config);
  });

  router.add(routes.updateInspectionAreas, async ({ organisation, params, query, body }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    refuseWhileSigned(project);
    const { summary } = await inspectionSummary(db, organisation.id, project.id, query, config);
    await updateChecklist(db, project, summary, body);
    return checklistOf(db, project, summary);
  });
};
