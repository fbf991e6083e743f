import type { Kysely } from 'kysely';
import type { DB, ProjectRow } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { projectsRepository } from './projects.repository.js';

/**
 * The caller's project, or the 404 every route taking a project id answers for one that does not
 * exist and for another user's alike, so nobody learns which ids are taken.
 */
export async function ownedProjectOr404(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
): Promise<ProjectRow> {
  const project = await projectsRepository(db).findOwned(owner, projectId);
  if (!project) throw notFound();
  return project;
}
