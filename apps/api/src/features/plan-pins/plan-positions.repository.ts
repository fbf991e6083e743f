import type { HullZone } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/time.js';
import type { DB, ImagePlanPositionsTable } from '../../db/schema.js';

/** A project's image with its plan position, if a user placed it. */
export interface PositionedImage {
  id: number;
  name: string;
  hull_zone: HullZone | null;
  position: Omit<ImagePlanPositionsTable, 'image_id' | 'updated_at'> | null;
}

export type StoredPosition = NonNullable<PositionedImage['position']>;

/** Rows per insert: six values each. */
const PLACE_BATCH = 1000;

/** Plan positions of images, always read through the images' owner and project. */
export function planPositionsRepository(db: Kysely<DB>) {
  return {
    async listForProject(owner: number, projectId: number): Promise<PositionedImage[]> {
      const rows = await db
        .selectFrom('images')
        .leftJoin('image_plan_positions as p', 'p.image_id', 'images.id')
        .select([
          'images.id',
          'images.name',
          'images.hull_zone',
          'p.view',
          'p.from_aft_m',
          'p.across_m',
          'p.placement',
        ])
        .where('images.owner', '=', owner)
        .where('images.project_id', '=', projectId)
        .orderBy('images.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        hull_zone: row.hull_zone,
        position:
          row.view && row.placement
            ? {
                view: row.view,
                from_aft_m: Number(row.from_aft_m),
                across_m: Number(row.across_m),
                placement: row.placement,
              }
            : null,
      }));
    },

    /**
     * Stores (or replaces) positions of images the caller has already found in its project, in
     * batches that stay within SQLite's limit on bound values for a video of thousands of frames.
     */
    async place(positions: { imageId: number; position: StoredPosition }[]): Promise<void> {
      const now = nowIso();
      for (let start = 0; start < positions.length; start += PLACE_BATCH) {
        await db
          .insertInto('image_plan_positions')
          .values(
            positions
              .slice(start, start + PLACE_BATCH)
              .map(({ imageId, position }) => ({ image_id: imageId, ...position, updated_at: now })),
          )
          .onConflict((conflict) =>
            conflict.column('image_id').doUpdateSet((eb) => ({
              view: eb.ref('excluded.view'),
              from_aft_m: eb.ref('excluded.from_aft_m'),
              across_m: eb.ref('excluded.across_m'),
              placement: eb.ref('excluded.placement'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    },

    async clear(imageId: number): Promise<void> {
      await db.deleteFrom('image_plan_positions').where('image_id', '=', imageId).execute();
    },
  };
}
