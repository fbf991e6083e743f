import {
  type ProjectCreateRequest,
  type ProjectUpdateRequest,
  inspectionMessages,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { insertBelowCap } from '../../db/capped-insert.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { lockRow } from '../../db/row-lock.js';
import type { DB, ProjectRow } from '../../db/schema.js';
import { fieldErrors, nonFieldError } from '../../http/api-error.js';
import { type AuditSource, recordAudit } from '../audit/audit-log.js';
import { auditCascadedCleanings } from '../audit/cascaded-cleanings.js';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { refuseBreakingCleanings } from './linked-cleanings.js';
import { projectsRepository } from './projects.repository.js';

/** Who deleted, as the audit entries name them. */

const notYourVessel = () => fieldErrors({ vessel: [inspectionMessages.notYourVessel] });

/**
 * Runs `write` (a project create or update) once `vessel`, when one is named, is the owner's: another
 * user's vessel and one that does not exist are both a 400 on `vessel`, like any bad reference in a
 * body, and tell nothing of whose it is. A vessel deleted between the check and the write fails its
 * foreign key and answers the same.
 */
export async function withVesselChecked<T>(
  db: Kysely<DB>,
  owner: number,
  vessel: number | null | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (typeof vessel !== 'number') return write();
  if (!(await projectsRepository(db).ownsVessel(owner, vessel))) throw notYourVessel();
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notYourVessel();
    throw error;
  }
}

/** Creates the project while the owner has fewer than `maxPerAccount`; a 400 saying so otherwise. */
export async function createBelowCap(
  db: Kysely<DB>,
  owner: number,
  fields: ProjectCreateRequest,
  maxPerAccount: number,
): Promise<ProjectRow> {
  const row = await insertBelowCap(
    db,
    { key: `projects-of:${owner}`, cap: maxPerAccount },
    (trx) => projectsRepository(trx).countByOwner(owner),
    (trx) => projectsRepository(trx).create(owner, fields),
  );
  if (!row) {
    throw nonFieldError(
      `You already have ${maxPerAccount} projects, the most one account may have. Delete one you no longer need to add another.`,
    );
  }
  return row;
}

/**
 * Updates the owner's project under its row's lock (see lockRow); a change of vessel or inspection
 * date that would leave a cleaning linking it invalid is refused (409), checked in the same
 * transaction as the write, so a cleaning recorded meanwhile (which locks its inspections) is seen.
 */
export function updateKeepingCleanings(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  fields: ProjectUpdateRequest,
): Promise<ProjectRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'projects', projectId);
    const locked = projectsRepository(trx);
    const current = await locked.findOwned(owner, projectId);
    if (!current) return undefined;
    if (fields.vessel !== undefined || fields.inspection_date !== undefined) {
      const next = {
        vessel_id: fields.vessel === undefined ? current.vessel_id : fields.vessel,
        inspection_date:
          fields.inspection_date === undefined ? current.inspection_date : fields.inspection_date,
      };
      refuseBreakingCleanings(next, await locked.linkedCleanings(owner, projectId));
    }
    return locked.updateOwned(owner, projectId, fields);
  });
}

/**
 * Deletes the owner's project unless a prediction runs in it ('running') or it is gone already
 * ('gone'); a signed one is refused (409). Checked and deleted under the row's lock (see lockRow), so
 * a request scheduled at the same moment is either seen here or fails on the deleted project. The
 * audit entries are written in the same transaction: the project's, and one per cleaning that named
 * it, since the delete takes those cleanings with it.
 */
export function deleteProjectUnlessRunning(
  db: Kysely<DB>,
  owner: number,
  projectId: number,
  source: AuditSource,
): Promise<'deleted' | 'running' | 'gone'> {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'projects', projectId);
    const locked = projectsRepository(trx);
    const project = await locked.findOwned(owner, projectId);
    if (project) refuseWhileSigned(project);
    if (await locked.hasUnfinishedRequest(projectId)) return 'running';
    const cleanings = await locked.linkedCleanings(owner, projectId);
    if (!project || !(await locked.deleteOwned(owner, projectId))) return 'gone';
    await recordAudit(trx, {
      organisationId: owner,
      ...source,
      action: 'project.delete',
      target: { type: 'project', id: project.id, label: project.name },
    });
    await auditCascadedCleanings(trx, owner, source, cleanings, (cleaning) => ({
      vessel: cleaning.vessel_id,
      with_project: project.id,
      project_side: cleaning.role,
    }));
    return 'deleted';
  });
}
