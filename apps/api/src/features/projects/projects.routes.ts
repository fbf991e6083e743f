import { routes, type Project } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, ProjectRow } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { Router } from '../../http/router.js';
import { projectsRepository } from './projects.repository.js';

function toProject(row: ProjectRow | undefined): Project {
  if (!row) throw notFound();
  return row;
}

export function registerProjectRoutes(router: Router, db: Kysely<DB>): void {
  const projects = projectsRepository(db);

  router.add(routes.listProjects, ({ user }) => projects.listByOwner(user.id));

  router.add(routes.createProject, ({ user, body }) => projects.create(user.id, body));

  router.add(routes.getProject, async ({ user, params }) =>
    toProject(await projects.findOwned(user.id, params.id)),
  );

  router.add(routes.updateProject, async ({ user, params, body }) =>
    toProject(await projects.updateOwned(user.id, params.id, body)),
  );

  router.add(routes.deleteProject, async ({ user, params }) => {
    if (!(await projects.deleteOwned(user.id, params.id))) throw notFound();
    return { message: 'Project successfully deleted' };
  });

  // Predictions arrive with the prediction pipeline; until then every project has none.
  router.add(routes.getPredictionCount, async ({ user, params }) => {
    toProject(await projects.findOwned(user.id, params.id));
    return { prediction_count: 0 };
  });
}
