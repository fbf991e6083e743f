import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The project's signed revision, set and cleared by guarded UPDATEs: of two signatures, two
 * reopenings, or a signature racing a write or a reopening, exactly one takes effect.
 */
export function projectSignatureRepository(trx: Kysely<DB>) {
  return {
    /** Signs the project as `revision` if it is open and its contents are those the report was made of. */
    async freeze(
      project: { id: number; images_version: number; predictions_version: number; plan_version: number },
      revision: number,
    ): Promise<boolean> {
      const result = await trx
        .updateTable('projects')
        .set({ signed_revision: revision })
        .where('id', '=', project.id)
        .where('signed_revision', 'is', null)
        .where('images_version', '=', project.images_version)
        .where('predictions_version', '=', project.predictions_version)
        .where('plan_version', '=', project.plan_version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Opens the project again if it is still signed as `revision`. */
    async unfreeze(projectId: number, revision: number): Promise<boolean> {
      const result = await trx
        .updateTable('projects')
        .set({ signed_revision: null })
        .where('id', '=', projectId)
        .where('signed_revision', '=', revision)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
