import type { Cleaning, CleaningCreateRequest, CleaningUpdateRequest } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import { insertBelowCap } from '../../db/capped-insert.js';
import { lockRow } from '../../db/row-lock.js';
import type { CleaningRow, DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { conflict, notFound } from '../../http/api-error.js';
import { type AuditSource, recordAudit } from '../audit/audit-log.js';
import { cleaningAnswers } from './cleaning-answer.js';
import { type CleaningFields, checkCleaning } from './cleaning-checks.js';
import { cleaningsRepository } from './cleanings.repository.js';

/** The cleanings one vessel may have: a vessel is cleaned a few times a year, and every answer lists them all. */
export const CLEANINGS_PER_VESSEL = 1000;

/** Who made a change, as the audit entry names them. */

type CleaningAction = 'cleaning.create' | 'cleaning.update' | 'cleaning.delete';

/**
 * Locks the cleaning's two inspections, lowest id first, so that a project update changing one's
 * vessel or date (which checks the cleanings under its project's lock) waits for this check and write.
 */
async function lockInspections(trx: Kysely<DB>, fields: CleaningFields): Promise<void> {
  for (const id of [...new Set([fields.before, fields.after])].sort((a, b) => a - b)) {
    await lockRow(trx, 'projects', id);
  }
}

/** Issue 40 §6: a vessel's cleanings; the caller has checked the vessel is the organisation's. */
export function cleaningsService(
  db: Kysely<DB>,
  owner: number,
  vesselId: number,
  maxPerVessel = CLEANINGS_PER_VESSEL,
) {
  const answer = async (trx: Kysely<DB>, row: CleaningRow): Promise<Cleaning> =>
    (await cleaningAnswers(trx, owner, [row]))[0]!;
  const rowOr404 = async (trx: Kysely<DB>, id: number) => {
    const row = await cleaningsRepository(trx).find(owner, vesselId, id);
    if (!row) throw notFound();
    return row;
  };
  // Written in the change's transaction: a change is stored with its audit entry or not at all.
  const audit = (trx: Kysely<DB>, source: AuditSource, action: CleaningAction, cleaning: Cleaning) =>
    recordAudit(trx, {
      organisationId: owner,
      ...source,
      action,
      target: { type: 'cleaning', id: cleaning.id, label: `${cleaning.date} ${cleaning.company}` },
      detail: {
        vessel: cleaning.vessel,
        before: cleaning.before.project,
        after: cleaning.after.project,
        date: cleaning.date,
        company: cleaning.company,
      },
    });

  return {
    async list(): Promise<Cleaning[]> {
      return cleaningAnswers(db, owner, await cleaningsRepository(db).list(owner, vesselId));
    },

    async get(id: number): Promise<Cleaning> {
      return answer(db, await rowOr404(db, id));
    },

    /** Checked and stored under the vessel's cap, in one transaction with its inspections locked. */
    async create(
      body: CleaningCreateRequest,
      author: { id: number; name: string },
      source: AuditSource,
    ): Promise<Cleaning> {
      const created = await insertBelowCap(
        db,
        { key: `cleanings-of:${vesselId}`, cap: maxPerVessel },
        (trx) => cleaningsRepository(trx).countOfVessel(owner, vesselId),
        async (trx) => {
          await lockInspections(trx, body);
          await checkCleaning(trx, owner, vesselId, body);
          const now = nowIso();
          const row = await cleaningsRepository(trx).insert({
            owner,
            vessel_id: vesselId,
            before_project_id: body.before,
            after_project_id: body.after,
            cleaning_date: body.date,
            company: body.company,
            method: body.method,
            capture: body.capture ? 1 : 0,
            certificate_reference: body.certificate_reference ?? null,
            notes: body.notes ?? null,
            created_by: author.id,
            created_by_name: author.name,
            created_at: now,
            updated_at: now,
          });
          const cleaning = await answer(trx, row);
          await audit(trx, source, 'cleaning.create', cleaning);
          return cleaning;
        },
      );
      if (!created) {
        throw conflict(
          `This vessel already has ${maxPerVessel} cleanings, the most one vessel may have. Delete one you no longer need to record another.`,
        );
      }
      return created;
    },

    /**
     * The fields sent change; the pair and the dates are checked again as they will be stored, under
     * the cleaning's lock and its inspections' locks, so that two changes cannot each pass alone.
     */
    update(id: number, body: CleaningUpdateRequest, source: AuditSource): Promise<Cleaning> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'cleanings', id);
        const row = await rowOr404(trx, id);
        const next = {
          before: body.before ?? row.before_project_id,
          after: body.after ?? row.after_project_id,
          date: body.date ?? row.cleaning_date,
        };
        await lockInspections(trx, next);
        await checkCleaning(trx, owner, vesselId, next);
        await cleaningsRepository(trx).update(owner, id, {
          before_project_id: next.before,
          after_project_id: next.after,
          cleaning_date: next.date,
          ...(body.company !== undefined && { company: body.company }),
          ...(body.method !== undefined && { method: body.method }),
          ...(body.capture !== undefined && { capture: body.capture ? 1 : 0 }),
          ...(body.certificate_reference !== undefined && {
            certificate_reference: body.certificate_reference,
          }),
          ...(body.notes !== undefined && { notes: body.notes }),
          updated_at: nowIso(),
        });
        const cleaning = await answer(trx, await rowOr404(trx, id));
        await audit(trx, source, 'cleaning.update', cleaning);
        return cleaning;
      });
    },

    delete(id: number, source: AuditSource): Promise<Cleaning> {
      return db.transaction().execute(async (trx) => {
        await lockRow(trx, 'cleanings', id);
        const cleaning = await answer(trx, await rowOr404(trx, id));
        await cleaningsRepository(trx).delete(owner, id);
        await audit(trx, source, 'cleaning.delete', cleaning);
        return cleaning;
      });
    },
  };
}
