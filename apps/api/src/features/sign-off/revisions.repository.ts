import type { Revision, Signature } from '@hullscope/contract';
import type { Kysely, Selectable } from 'kysely';
import type { DB, InspectionRevisionsTable } from '../../db/schema.js';

export type RevisionRow = Selectable<InspectionRevisionsTable>;

export function toSignature(row: RevisionRow): Signature {
  return {
    revision: row.revision,
    name: row.signer_name,
    position: row.signer_position,
    signed_by: { id: row.signed_by ?? 0, name: row.signed_by_name },
    signed_at: row.signed_at,
    report_sha256: row.report_sha256,
  };
}

export function toRevision(row: RevisionRow): Revision {
  return {
    ...toSignature(row),
    reopened_at: row.reopened_at,
    reopened_by:
      row.reopened_by_name === null ? null : { id: row.reopened_by ?? 0, name: row.reopened_by_name },
    reopen_reason: row.reopen_reason,
  };
}

/** The signature of a signed project, or null while it is open. */
export async function currentSignature(
  db: Kysely<DB>,
  project: { id: number; signed_revision: number | null },
): Promise<Signature | null> {
  if (project.signed_revision === null) return null;
  const row = await revisionsRepository(db).find(project.id, project.signed_revision);
  return row ? toSignature(row) : null;
}

/** SQL on an inspection's signed revisions; callers pass a project the organisation owns. */
export function revisionsRepository(db: Kysely<DB>) {
  return {
    list(projectId: number): Promise<RevisionRow[]> {
      return db
        .selectFrom('inspection_revisions')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('revision')
        .execute();
    },

    find(projectId: number, revision: number): Promise<RevisionRow | undefined> {
      return db
        .selectFrom('inspection_revisions')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('revision', '=', revision)
        .executeTakeFirst();
    },

    async newest(projectId: number): Promise<number> {
      const row = await db
        .selectFrom('inspection_revisions')
        .select((eb) => eb.fn.max('revision').as('newest'))
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.newest == null ? 0 : Number(row.newest);
    },

    async insert(
      row: Omit<RevisionRow, 'id' | 'reopened_at' | 'reopened_by' | 'reopened_by_name' | 'reopen_reason'>,
    ) {
      await db.insertInto('inspection_revisions').values(row).execute();
    },

    async markReopened(
      projectId: number,
      revision: number,
      by: { id: number; name: string },
      reason: string,
      at: string,
    ): Promise<void> {
      await db
        .updateTable('inspection_revisions')
        .set({ reopened_at: at, reopened_by: by.id, reopened_by_name: by.name, reopen_reason: reason })
        .where('project_id', '=', projectId)
        .where('revision', '=', revision)
        .execute();
    },
  };
}
