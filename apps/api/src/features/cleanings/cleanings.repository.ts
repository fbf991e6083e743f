import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CleaningRow, CleaningsTable, DB } from '../../db/schema.js';

export interface InspectionFacts {
  id: number;
  name: string;
  inspection_date: string | null;
  location: string;
  vessel_id: number | null;
  /** Its signed revision while signed; null while open (reopened or never signed). */
  signed_revision: number | null;
  /** Its latest signed revision, if it was ever signed. */
  revision: number | null;
  report_sha256: string | null;
}

/** SQL of cleanings; every statement is scoped to the organisation and the vessel. */
export function cleaningsRepository(db: Kysely<DB>) {
  return {
    list(owner: number, vesselId: number): Promise<CleaningRow[]> {
      return db
        .selectFrom('cleanings')
        .selectAll()
        .where('owner', '=', owner)
        .where('vessel_id', '=', vesselId)
        .orderBy('cleaning_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    find(owner: number, vesselId: number, id: number): Promise<CleaningRow | undefined> {
      return db
        .selectFrom('cleanings')
        .selectAll()
        .where('owner', '=', owner)
        .where('vessel_id', '=', vesselId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async countOfVessel(owner: number, vesselId: number): Promise<number> {
      const row = await db
        .selectFrom('cleanings')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('owner', '=', owner)
        .where('vessel_id', '=', vesselId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    insert(row: Insertable<CleaningsTable>): Promise<CleaningRow> {
      return db.insertInto('cleanings').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async update(owner: number, id: number, changes: Updateable<CleaningsTable>): Promise<void> {
      await db
        .updateTable('cleanings')
        .set(changes)
        .where('owner', '=', owner)
        .where('id', '=', id)
        .execute();
    },

    async delete(owner: number, id: number): Promise<void> {
      await db.deleteFrom('cleanings').where('owner', '=', owner).where('id', '=', id).execute();
    },

    /** The organisation's projects among `ids`, each with its latest signed revision. */
    inspections(owner: number, ids: number[]): Promise<InspectionFacts[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('projects as p')
        .leftJoin('inspection_revisions as r', (join) =>
          join.onRef('r.project_id', '=', 'p.id').on('r.revision', '=', (eb) =>
            eb
              .selectFrom('inspection_revisions as newest')
              .select((inner) => inner.fn.max('newest.revision').as('revision'))
              .whereRef('newest.project_id', '=', 'p.id'),
          ),
        )
        .select([
          'p.id',
          'p.name',
          'p.inspection_date',
          'p.location',
          'p.vessel_id',
          'p.signed_revision',
          'r.revision',
          'r.report_sha256',
        ])
        .where('p.owner', '=', owner)
        .where('p.id', 'in', ids)
        .execute();
    },
  };
}
