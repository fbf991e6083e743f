import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { type AuditSource, recordAudit } from './audit-log.js';

/** A cleaning a delete takes with it (read as raw rows, so the deleting feature needs none of cleanings' code). */
export interface CascadedCleaning {
  id: number;
  cleaning_date: string;
  company: string;
}

/**
 * One `cleaning.delete` entry per cleaning that deleting an inspection or a vessel takes with it,
 * written in that delete's transaction; `detail` says what took it.
 */
export async function auditCascadedCleanings<Cleaning extends CascadedCleaning>(
  trx: Kysely<DB>,
  organisationId: number,
  source: AuditSource,
  cleanings: Cleaning[],
  detail: (cleaning: Cleaning) => Record<string, unknown>,
): Promise<void> {
  for (const cleaning of cleanings) {
    await recordAudit(trx, {
      organisationId,
      ...source,
      action: 'cleaning.delete',
      target: { type: 'cleaning', id: cleaning.id, label: `${cleaning.cleaning_date} ${cleaning.company}` },
      detail: detail(cleaning),
    });
  }
}
