import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The project's content counters (migration 0013), which the thumbnails list's and the image
 * details' ETags are made of (content-versions.ts). Each writer raises them as the LAST statement of
 * its transaction:
 * - readers see the new rows and the new version together, at commit;
 * - on PostgreSQL the update holds the project's row lock only until that commit, and taking it
 *   after the transaction's other locks (an image row, a request's rows) cannot deadlock with a
 *   delete, which locks the image first as well.
 */
export type ProjectContent = 'images' | 'predictions' | 'plan';

export const CONTENT_VERSION_COLUMN = {
  images: 'images_version',
  predictions: 'predictions_version',
  plan: 'plan_version',
} as const;

/** The counters' SQL, on the transaction of the write that raises them. */
export function contentVersionsRepository(trx: Kysely<DB>) {
  return {
    async raise(projectId: number, content: ProjectContent): Promise<void> {
      const column = CONTENT_VERSION_COLUMN[content];
      await trx
        .updateTable('projects')
        .set((eb) => ({ [column]: eb(column, '+', 1) }))
        .where('id', '=', projectId)
        .execute();
    },

    /** Raises the counter where the project is not signed, in the UPDATE itself; false where it is. */
    async raiseUnlessSigned(projectId: number, content: ProjectContent): Promise<boolean> {
      const column = CONTENT_VERSION_COLUMN[content];
      const result = await trx
        .updateTable('projects')
        .set((eb) => ({ [column]: eb(column, '+', 1) }))
        .where('id', '=', projectId)
        .where('signed_revision', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The project's signed revision; null while unsigned, undefined for no such project. */
    async signedRevision(projectId: number): Promise<number | null | undefined> {
      const project = await trx
        .selectFrom('projects')
        .select('signed_revision')
        .where('id', '=', projectId)
        .executeTakeFirst();
      return project?.signed_revision;
    },
  };
}
