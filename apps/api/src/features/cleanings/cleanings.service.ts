import type { Cleaning, CleaningCreateRequest, CleaningUpdateRequest } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CleaningRow, DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { notFound } from '../../http/api-error.js';
import { cleaningAnswers } from './cleaning-answer.js';
import { checkCleaning } from './cleaning-checks.js';
import { cleaningsRepository } from './cleanings.repository.js';

/** Issue 40 §6: a vessel's cleanings; the caller has checked the vessel is the organisation's. */
export function cleaningsService(db: Kysely<DB>, owner: number, vesselId: number) {
  const cleanings = cleaningsRepository(db);
  const answer = async (row: CleaningRow): Promise<Cleaning> => (await cleaningAnswers(db, owner, [row]))[0]!;
  const rowOr404 = async (id: number) => {
    const row = await cleanings.find(owner, vesselId, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    async list(): Promise<Cleaning[]> {
      return cleaningAnswers(db, owner, await cleanings.list(owner, vesselId));
    },

    async get(id: number): Promise<Cleaning> {
      return answer(await rowOr404(id));
    },

    async create(body: CleaningCreateRequest, author: { id: number; name: string }): Promise<Cleaning> {
      await checkCleaning(db, owner, vesselId, body);
      const now = nowIso();
      const row = await cleanings.insert({
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
      return answer(row);
    },

    /** The fields sent change; the pair and the dates are checked again as they will be stored. */
    async update(id: number, body: CleaningUpdateRequest): Promise<Cleaning> {
      const row = await rowOr404(id);
      const next = {
        before: body.before ?? row.before_project_id,
        after: body.after ?? row.after_project_id,
        date: body.date ?? row.cleaning_date,
      };
      await checkCleaning(db, owner, vesselId, next);
      await cleanings.update(owner, id, {
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
      return answer(await rowOr404(id));
    },

    async delete(id: number): Promise<Cleaning> {
      const cleaning = await answer(await rowOr404(id));
      await cleanings.delete(owner, id);
      return cleaning;
    },
  };
}
