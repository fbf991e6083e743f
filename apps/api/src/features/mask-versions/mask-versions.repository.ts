import type { Kysely, Selectable } from 'kysely';
import type { DB, MaskVersionsTable } from '../../db/schema.js';

export type MaskVersionRow = Selectable<MaskVersionsTable>;

export interface NewMaskVersion {
  predictionId: number;
  projectId: number;
  version: number;
  author: { id: number; name: string } | null;
  restoredFrom: number | null;
  changedPixels: number;
  percentages: string;
  surfacePixels: number;
  storagePrefix: string | null;
  createdAt: string;
}

/** SQL on mask versions; callers reach them only through a prediction found for the organisation. */
export function maskVersionsRepository(db: Kysely<DB>) {
  return {
    list(predictionId: number): Promise<MaskVersionRow[]> {
      return db
        .selectFrom('mask_versions')
        .selectAll()
        .where('prediction_id', '=', predictionId)
        .orderBy('version')
        .execute();
    },

    find(predictionId: number, version: number): Promise<MaskVersionRow | undefined> {
      return db
        .selectFrom('mask_versions')
        .selectAll()
        .where('prediction_id', '=', predictionId)
        .where('version', '=', version)
        .executeTakeFirst();
    },

    async insert(version: NewMaskVersion): Promise<void> {
      await db
        .insertInto('mask_versions')
        .values({
          prediction_id: version.predictionId,
          project_id: version.projectId,
          version: version.version,
          author_id: version.author?.id ?? null,
          author_name: version.author?.name ?? null,
          restored_from: version.restoredFrom,
          changed_pixels: version.changedPixels,
          percentages: version.percentages,
          surface_pixels: version.surfacePixels,
          storage_prefix: version.storagePrefix,
          created_at: version.createdAt,
        })
        .execute();
    },

    /**
     * Moves the prediction to `version` unless another save moved it first: the row's version is the
     * guard, so two saves of the same prediction at once cannot both take the same number.
     */
    async advancePrediction(
      predictionId: number,
      from: number,
      to: number,
      figures: { percentages: string; surfacePixels: number; maskPrefix: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('predictions')
        .set({
          mask_version: to,
          mask_prefix: figures.maskPrefix,
          percentages: figures.percentages,
          surface_pixels: figures.surfacePixels,
        })
        .where('id', '=', predictionId)
        .where('mask_version', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The model's own figures, kept as version 0 when the first correction replaces them. */
    async newestVersion(predictionId: number): Promise<number> {
      const row = await db
        .selectFrom('mask_versions')
        .select((eb) => eb.fn.max('version').as('newest'))
        .where('prediction_id', '=', predictionId)
        .executeTakeFirst();
      return row?.newest == null ? 0 : Number(row.newest);
    },
  };
}
