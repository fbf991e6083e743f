import { signOffMessages } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conflict } from '../../http/api-error.js';
import { type ProjectContent, contentVersionsRepository } from '../projects/content-versions.repository.js';

/** 409 for a write to a signed inspection (issue 39 §4): the early check before any work is done. */
export function refuseWhileSigned(project: { signed_revision: number | null }): void {
  if (project.signed_revision !== null) throw conflict(signOffMessages.signed(project.signed_revision));
}

/**
 * Raises the project's content version only while it is not signed, as the LAST statement of a
 * freezing write's transaction, and otherwise throws the 409 (which rolls the write back). The guard
 * is in the UPDATE itself: on PostgreSQL a write waiting on a signature's row lock re-reads
 * signed_revision when that commits, and a signature comparing the content versions it rendered
 * from sees every write that committed first (sign-inspection.ts), so the two never both succeed.
 */
export async function raiseContentVersionUnlessSigned(
  trx: Kysely<DB>,
  projectId: number,
  content: ProjectContent,
): Promise<void> {
  const versions = contentVersionsRepository(trx);
  if (await versions.raiseUnlessSigned(projectId, content)) return;
  const signedRevision = await versions.signedRevision(projectId);
  if (signedRevision != null) throw conflict(signOffMessages.signed(signedRevision));
}
