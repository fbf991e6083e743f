import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { projectSignatureRepository } from './project-signature.repository.js';
import { revisionsRepository } from './revisions.repository.js';

/**
 * Opens a signed inspection again and notes who did and why on its revision; false when it was not
 * signed as `revision` any more (another reopening, at the same moment, took effect).
 */
export function reopenInspection(
  db: Kysely<DB>,
  projectId: number,
  revision: number,
  by: { id: number; name: string },
  reason: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await projectSignatureRepository(trx).unfreeze(projectId, revision))) return false;
    await revisionsRepository(trx).markReopened(projectId, revision, by, reason, nowIso());
    return true;
  });
}
