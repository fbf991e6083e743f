import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RevisionRow } from '../sign-off/revisions.repository.js';

export interface LatestRevision extends RevisionRow {
  project_name: string;
}

/** SQL of the Record Book: the signed revisions it is read from, always within one organisation. */
export function recordBookRepository(db: Kysely<DB>) {
  return {
    /**
     * The latest signed revision of each of the organisation's projects that names the vessel or is
     * open again (a reopened project may have been moved to another vessel since it was signed: the
     * caller keeps those whose signed report names this vessel).
     */
    latestRevisions(owner: number, vesselId: number): Promise<LatestRevision[]> {
      return db
        .selectFrom('inspection_revisions as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .selectAll('r')
        .select('p.name as project_name')
        .where('p.owner', '=', owner)
        .where((eb) => eb.or([eb('p.vessel_id', '=', vesselId), eb('p.signed_revision', 'is', null)]))
        .where('r.revision', '=', (eb) =>
          eb
            .selectFrom('inspection_revisions as newest')
            .select((inner) => inner.fn.max('newest.revision').as('revision'))
            .whereRef('newest.project_id', '=', 'r.project_id'),
        )
        .orderBy('r.project_id')
        .execute();
    },
  };
}
