import type { HullZone } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, InspectionAreaRow } from '../../db/schema.js';

export type InspectionAreaFields = Omit<InspectionAreaRow, 'project_id' | 'hull_zone' | 'updated_at'>;

/** A project's checklist rows; the caller has checked that the project is the owner's. */
export function inspectionAreasRepository(db: Kysely<DB>) {
  return {
    listOfProject(projectId: number): Promise<InspectionAreaRow[]> {
      return db.selectFrom('inspection_areas').selectAll().where('project_id', '=', projectId).execute();
    },

    async upsert(
      projectId: number,
      zone: HullZone,
      fields: InspectionAreaFields,
      now: string,
    ): Promise<void> {
      await db
        .insertInto('inspection_areas')
        .values({ project_id: projectId, hull_zone: zone, ...fields, updated_at: now })
        .onConflict((conflict) =>
          conflict.columns(['project_id', 'hull_zone']).doUpdateSet({ ...fields, updated_at: now }),
        )
        .execute();
    },
  };
}
