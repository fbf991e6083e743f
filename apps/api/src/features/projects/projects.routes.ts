import { routes, type Project } from '@hullscope/contract';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import type { ProjectRow } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource } from '../audit/audit-log.js';
import { conflict, notFound } from '../../http/api-error.js';
import { storageKeys } from '../../storage/storage-keys.js';
import { ownedProjectOr404 } from './owned-project.js';
import { projectsRepository } from './projects.repository.js';
import {
  createBelowCap,
  deleteProjectUnlessRunning,
  updateKeepingCleanings,
  withVesselChecked,
} from './projects.service.js';

/** The answer for a project row: the spec's fields and the inspection details (issue 18 §2). */
export function projectAnswer(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    description: row.description,
    owner: row.owner,
    created_at: row.created_at,
    updated_at: row.updated_at,
    vessel: row.vessel_id,
    inspection_date: row.inspection_date,
    inspection_method: row.inspection_method,
    inspector: row.inspector,
    visibility: row.visibility,
  };
}

function toProject(row: ProjectRow | undefined): Project {
  if (!row) throw notFound();
  return projectAnswer(row);
}

export const registerProjectRoutes: ApiRegistrar = ({ router, db, storage, config }) => {
  const projects = projectsRepository(db);

  router.add(routes.listProjects, async ({ organisation, query, reply }) => {
    reply.header('x-total-count', String(await projects.countByOwner(organisation.id)));
    return (await projects.listByOwner(organisation.id, query)).map(projectAnswer);
  });

  router.add(routes.createProject, async ({ organisation, body }) =>
    projectAnswer(
      await withVesselChecked(db, organisation.id, body.vessel, () =>
        createBelowCap(db, organisation.id, body, config.accountCaps.projects),
      ),
    ),
  );

  router.add(routes.getProject, async ({ organisation, params }) =>
    projectAnswer(await ownedProjectOr404(db, organisation.id, params.id)),
  );

  router.add(routes.updateProject, async ({ organisation, params, body }) => {
    // Another organisation's project is a 404 whatever the body names; a signed one is frozen.
    refuseWhileSigned(await ownedProjectOr404(db, organisation.id, params.id));
    return toProject(
      await withVesselChecked(db, organisation.id, body.vessel, () =>
        updateKeepingCleanings(db, organisation.id, params.id, body),
      ),
    );
  });

  router.add(routes.deleteProject, async ({ organisation, params, request }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    const outcome = await deleteProjectUnlessRunning(db, organisation.id, params.id, auditSource(request));
    if (outcome === 'running') {
      throw conflict('A prediction is running in this project. Delete it once the prediction has finished.');
    }
    if (outcome === 'gone') throw notFound();
    await storage.deletePrefix(storageKeys.project(organisation.id, params.id));
    return { message: 'Project successfully deleted' };
  });
};
