import type { VesselCreateRequest, VesselUpdateRequest } from '@hullscope/contract';
import { type Kysely, sql } from 'kysely';
import { type ListPage, paged } from '../../db/paging.js';
import type { DB, VesselRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { particularColumns } from './vessel-particulars.js';

/** Every query is scoped to the owner: another user's vessel simply does not exist here. */
export function vesselsRepository(db: Kysely<DB>) {
  return {
    /** By name as people read it (case-insensitive), then by id for vessels of the same name. */
    listByOwner(owner: number, page: ListPage = {}): Promise<VesselRow[]> {
      const query = db
        .selectFrom('vessels')
        .selectAll()
        .where('owner', '=', owner)
        .orderBy(sql`lower(name)`)
        .orderBy('id');
      return paged(query, page).execute();
    },

    async countByOwner(owner: number): Promise<number> {
      const row = await db
        .selectFrom('vessels')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('owner', '=', owner)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findOwned(owner: number, id: number): Promise<VesselRow | undefined> {
      return db
        .selectFrom('vessels')
        .selectAll()
        .where('owner', '=', owner)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Whether another of the owner's vessels (not `exceptId`) has this IMO number. */
    async imoNumberTaken(owner: number, imoNumber: string, exceptId = 0): Promise<boolean> {
      const row = await db
        .selectFrom('vessels')
        .select('id')
        .where('owner', '=', owner)
        .where('imo_number', '=', imoNumber)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return row !== undefined;
    },

    create(owner: number, fields: VesselCreateRequest): Promise<VesselRow> {
      const now = nowIso();
      return db
        .insertInto('vessels')
        .values({
          owner,
          name: fields.name,
          imo_number: fields.imo_number ?? null,
          flag: fields.flag ?? null,
          vessel_type: fields.vessel_type ?? null,
          gross_tonnage: fields.gross_tonnage ?? null,
          antifouling_system: fields.antifouling_system ?? null,
          ...particularColumns(fields),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Changes the fields sent (Kysely leaves out undefined ones); null clears an optional one. */
    updateOwned(owner: number, id: number, fields: VesselUpdateRequest): Promise<VesselRow | undefined> {
      return db
        .updateTable('vessels')
        .set({
          name: fields.name,
          imo_number: fields.imo_number,
          flag: fields.flag,
          vessel_type: fields.vessel_type,
          gross_tonnage: fields.gross_tonnage,
          antifouling_system: fields.antifouling_system,
          ...particularColumns(fields),
          updated_at: nowIso(),
        })
        .where('owner', '=', owner)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The vessel's cleanings, which its delete takes with it. Raw SQL on `cleanings` (0023, from the
     * cleanings feature) so this feature needs nothing of that one's code.
     */
    cleaningsOf(owner: number, vesselId: number) {
      return db
        .selectFrom('cleanings')
        .select(['id', 'cleaning_date', 'company'])
        .where('owner', '=', owner)
        .where('vessel_id', '=', vesselId)
        .orderBy('id')
        .execute();
    },

    /**
     * Deletes the vessel unless a signed inspection names it (its projects would lose the vessel, which
     * the signature froze): 'signed' then, in the same statement, so a signature cannot slip between.
     */
    async deleteOwned(owner: number, id: number): Promise<'deleted' | 'signed' | 'missing'> {
      const result = await db
        .deleteFrom('vessels')
        .where('owner', '=', owner)
        .where('id', '=', id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('projects')
                .select('projects.id')
                .whereRef('projects.vessel_id', '=', 'vessels.id')
                .where('projects.signed_revision', 'is not', null),
            ),
          ),
        )
        .executeTakeFirst();
      if (result.numDeletedRows > 0n) return 'deleted';
      const still = await db
        .selectFrom('vessels')
        .select('id')
        .where('owner', '=', owner)
        .where('id', '=', id)
        .executeTakeFirst();
      return still ? 'signed' : 'missing';
    },
  };
}
