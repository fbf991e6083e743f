import type { ProjectCreateRequest, ProjectUpdateRequest } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { type ListPage, paged } from '../../db/paging.js';
import type { DB, ProjectRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** A cleaning that names a project as its inspection before or after (issue 40 §6). */
export interface LinkedCleaning {
  id: number;
  vessel_id: number;
  cleaning_date: string;
  company: string;
  role: 'before' | 'after';
}

/** Every query is scoped to the owner: another user's project simply does not exist here. */
export function projectsRepository(db: Kysely<DB>) {
  return {
    listByOwner(owner: number, page: ListPage = {}): Promise<ProjectRow[]> {
      return paged(
        db.selectFrom('projects').selectAll().where('owner', '=', owner).orderBy('id'),
        page,
      ).execute();
    },

    async countByOwner(owner: number): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('owner', '=', owner)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findOwned(owner: number, id: number): Promise<ProjectRow | undefined> {
      return db
        .selectFrom('projects')
        .selectAll()
        .where('owner', '=', owner)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    create(owner: number, fields: ProjectCreateRequest): Promise<ProjectRow> {
      const now = nowIso();
      return db
        .insertInto('projects')
        .values({
          owner,
          name: fields.name,
          location: fields.location,
          description: fields.description ?? null,
          vessel_id: fields.vessel ?? null,
          inspection_date: fields.inspection_date ?? null,
          inspection_method: fields.inspection_method ?? null,
          inspector: fields.inspector ?? null,
          visibility: fields.visibility ?? null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Sets the fields present in `fields` (undefined: left as it is; null: cleared). */
    /**
     * The cleanings that link the project. Raw SQL on `cleanings` (0023, from the cleanings feature)
     * so this feature needs nothing of that one's code.
     */
    async linkedCleanings(owner: number, projectId: number): Promise<LinkedCleaning[]> {
      const rows = await db
        .selectFrom('cleanings')
        .select(['id', 'vessel_id', 'cleaning_date', 'company', 'before_project_id'])
        .where('owner', '=', owner)
        .where((eb) =>
          eb.or([eb('before_project_id', '=', projectId), eb('after_project_id', '=', projectId)]),
        )
        .orderBy('id')
        .execute();
      return rows.map(({ before_project_id, ...row }) => ({
        ...row,
        role: before_project_id === projectId ? 'before' : 'after',
      }));
    },

    updateOwned(owner: number, id: number, fields: ProjectUpdateRequest): Promise<ProjectRow | undefined> {
      const {
        name,
        location,
        description,
        vessel,
        inspection_date,
        inspection_method,
        inspector,
        visibility,
      } = fields;
      return db
        .updateTable('projects')
        .set({
          name,
          location,
          description,
          vessel_id: vessel,
          inspection_date,
          inspection_method,
          inspector,
          visibility,
          updated_at: nowIso(),
        })
        .where('owner', '=', owner)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Whether `vesselId` is one of the owner's vessels. Raw SQL on `vessels` (0008-vessels, from the
     * vessels feature) so this feature needs nothing of that one's code.
     */
    async ownsVessel(owner: number, vesselId: number): Promise<boolean> {
      const found = await db
        .selectFrom('vessels')
        .select('id')
        .where('id', '=', vesselId)
        .where('owner', '=', owner)
        .executeTakeFirst();
      return found !== undefined;
    },

    async hasUnfinishedRequest(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('prediction_requests')
        .select('id')
        .where('project_id', '=', id)
        .where('status', 'in', ['QUEUED', 'RUNNING'])
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteOwned(owner: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('projects')
        .where('owner', '=', owner)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
