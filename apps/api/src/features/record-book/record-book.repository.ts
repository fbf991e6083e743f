import { type ExpressionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RevisionRow } from '../sign-off/revisions.repository.js';

export interface LatestRevision extends RevisionRow {
  project_name: string;
}

/** What the Record Book of a vessel is made of, as the database rows name it (its ETag's parts). */
export interface RecordBookVersion {
  revisions: number;
  newest_revision_id: number | null;
  latest_reopen: string | null;
  projects: number;
  latest_project_change: string | null;
  cleanings: number;
  latest_cleaning_change: string | null;
}

type ProjectScope = ExpressionBuilder<DB & { p: DB['projects'] }, 'p'>;

/**
 * The projects whose signed revisions may be entries of the vessel's book: those on the vessel now,
 * and those open again after a signature (a reopened project may have been moved to another vessel
 * since it was signed, and its signed record still names this one).
 */
const mayNameVessel = (vesselId: number) => (eb: ProjectScope) =>
  eb.or([
    eb('p.vessel_id', '=', vesselId),
    eb.and([
      eb('p.signed_revision', 'is', null),
      eb.exists(
        eb
          .selectFrom('inspection_revisions as any_revision')
          .select('any_revision.id')
          .whereRef('any_revision.project_id', '=', 'p.id'),
      ),
    ]),
  ]);

/** The vessel id a stored report.json names, read by the database so other vessels' reports stay there. */
function reportVesselId(db: Kysely<DB>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<number | null>`cast(r.report_json::jsonb #>> '{vessel,id}' as integer)`
    : sql<number | null>`json_extract(r.report_json, '$.vessel.id')`;
}

/** SQL of the Record Book: the signed revisions it is read from, always within one organisation. */
export function recordBookRepository(db: Kysely<DB>) {
  return {
    /**
     * The latest signed revision of each of the organisation's projects on the vessel, and of each
     * reopened one whose signed report names the vessel (the caller still keeps only the reports
     * that name this vessel: a project moved here while open was signed for another).
     */
    latestRevisions(owner: number, vesselId: number): Promise<LatestRevision[]> {
      return db
        .selectFrom('inspection_revisions as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .selectAll('r')
        .select('p.name as project_name')
        .where('p.owner', '=', owner)
        .where((eb) =>
          eb.or([
            eb('p.vessel_id', '=', vesselId),
            eb.and([eb('p.signed_revision', 'is', null), eb(reportVesselId(db), '=', vesselId)]),
          ]),
        )
        .where('r.revision', '=', (eb) =>
          eb
            .selectFrom('inspection_revisions as newest')
            .select((inner) => inner.fn.max('newest.revision').as('revision'))
            .whereRef('newest.project_id', '=', 'r.project_id'),
        )
        .orderBy('r.project_id')
        .execute();
    },

    /**
     * Counts and latest changes of every row the book is read from: a signature, a reopening, a
     * renamed, moved or deleted inspection, and a cleaning added, changed or deleted each change one.
     */
    async version(owner: number, vesselId: number): Promise<RecordBookVersion> {
      const revisions = await db
        .selectFrom('inspection_revisions as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.max('r.id').as('newest'),
          eb.fn.max('r.reopened_at').as('reopened'),
        ])
        .where('p.owner', '=', owner)
        .where(mayNameVessel(vesselId))
        .executeTakeFirst();
      const projects = await db
        .selectFrom('projects as p')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.max('p.updated_at').as('changed'),
        ])
        .where('p.owner', '=', owner)
        .where(mayNameVessel(vesselId))
        .executeTakeFirst();
      const cleanings = await db
        .selectFrom('cleanings')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.max('updated_at').as('changed'),
        ])
        .where('owner', '=', owner)
        .where('vessel_id', '=', vesselId)
        .executeTakeFirst();
      return {
        revisions: Number(revisions?.count ?? 0),
        newest_revision_id: revisions?.newest == null ? null : Number(revisions.newest),
        latest_reopen: revisions?.reopened ?? null,
        projects: Number(projects?.count ?? 0),
        latest_project_change: projects?.changed ?? null,
        cleanings: Number(cleanings?.count ?? 0),
        latest_cleaning_change: cleanings?.changed ?? null,
      };
    },
  };
}
