import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AuditEventRow, DB } from '../../db/schema.js';

export interface AuditFilter {
  actor?: number;
  action?: string;
  /** YYYY-MM-DD, UTC, inclusive. */
  from?: string;
  to?: string;
}

/** Reads the audit log, and removes entries past retention: the only delete the code makes. */
export function auditRepository(db: Kysely<DB>) {
  function filtered<O>(
    query: SelectQueryBuilder<DB, 'audit_events', O>,
    organisationId: number,
    filter: AuditFilter,
  ): SelectQueryBuilder<DB, 'audit_events', O> {
    let scoped = query.where('organisation_id', '=', organisationId);
    if (filter.actor !== undefined) scoped = scoped.where('actor_id', '=', filter.actor);
    if (filter.action !== undefined) scoped = scoped.where('action', '=', filter.action);
    if (filter.from !== undefined) scoped = scoped.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
    // Up to the end of that day: every time written on it sorts before the next day's first.
    if (filter.to !== undefined) scoped = scoped.where('created_at', '<', nextDay(filter.to));
    return scoped;
  }

  return {
    list(
      organisationId: number,
      filter: AuditFilter,
      page: { offset: number; limit: number },
    ): Promise<AuditEventRow[]> {
      return filtered(db.selectFrom('audit_events').selectAll(), organisationId, filter)
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    count(organisationId: number, filter: AuditFilter): Promise<number> {
      return filtered(
        db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')),
        organisationId,
        filter,
      )
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    async deleteOlderThan(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('audit_events').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}
