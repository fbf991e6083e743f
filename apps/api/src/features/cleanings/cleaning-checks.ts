import { type CleaningCreateRequest, cleaningMessages } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { FieldErrorCollector, notFound } from '../../http/api-error.js';
import { cleaningsRepository } from './cleanings.repository.js';

export type CleaningFields = Pick<CleaningCreateRequest, 'before' | 'after' | 'date'>;

/**
 * The rules between a cleaning's fields, checked on the whole cleaning after a change: two different
 * dated inspections of this vessel, the one before dated no later than the one after, the cleaning
 * between them. Another organisation's project is 404, as an unknown one; every other problem is a
 * 400 on its field, all listed at once.
 */
export async function checkCleaning(
  db: Kysely<DB>,
  owner: number,
  vesselId: number,
  fields: CleaningFields,
): Promise<void> {
  const inspections = await cleaningsRepository(db).inspections(owner, [fields.before, fields.after]);
  const byId = new Map(inspections.map((entry) => [entry.id, entry]));
  const before = byId.get(fields.before);
  const after = byId.get(fields.after);
  if (!before || !after) throw notFound();
  const errors = new FieldErrorCollector();
  if (fields.before === fields.after) errors.add('after', cleaningMessages.sameInspection);
  for (const [field, inspection] of [
    ['before', before],
    ['after', after],
  ] as const) {
    if (inspection.vessel_id !== vesselId) errors.add(field, cleaningMessages.otherVessel);
    else if (inspection.inspection_date === null) errors.add(field, cleaningMessages.undated);
  }
  if (before.inspection_date && after.inspection_date && fields.before !== fields.after) {
    if (before.inspection_date > after.inspection_date)
      errors.add('before', cleaningMessages.beforeAfterAfter);
    else if (fields.date < before.inspection_date) errors.add('date', cleaningMessages.dateBeforeBefore);
    else if (fields.date > after.inspection_date) errors.add('date', cleaningMessages.dateAfterAfter);
  }
  errors.throwIfAny();
}
