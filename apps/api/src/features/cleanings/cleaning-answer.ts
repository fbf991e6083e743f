import type { Cleaning, CleaningInspectionReference } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CleaningRow, DB } from '../../db/schema.js';
import { type InspectionFacts, cleaningsRepository } from './cleanings.repository.js';

/**
 * A side cites its revision's hash only while signed: a reopened inspection is compared as it is now,
 * so the hash of its last signed report.json would vouch for figures it no longer holds.
 */
function reference(facts: InspectionFacts | undefined, projectId: number): CleaningInspectionReference {
  const revision = facts?.revision ?? null;
  const signed = revision !== null && facts?.signed_revision !== null;
  return {
    project: projectId,
    project_name: facts?.name ?? '',
    date: facts?.inspection_date ?? null,
    location: facts?.location ?? '',
    revision,
    report_sha256: signed ? (facts?.report_sha256 ?? null) : null,
    revision_label:
      revision === null
        ? 'not signed'
        : signed
          ? `revision ${revision}`
          : `reopened since revision ${revision}; compared as it is now`,
  };
}

/** The cleanings as the API answers them, each side with its inspection's name, date and signed revision. */
export async function cleaningAnswers(
  db: Kysely<DB>,
  owner: number,
  rows: CleaningRow[],
): Promise<Cleaning[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.before_project_id, row.after_project_id]))];
  const facts = new Map(
    (await cleaningsRepository(db).inspections(owner, ids)).map((entry) => [entry.id, entry]),
  );
  return rows.map((row) => ({
    id: row.id,
    vessel: row.vessel_id,
    before: reference(facts.get(row.before_project_id), row.before_project_id),
    after: reference(facts.get(row.after_project_id), row.after_project_id),
    date: row.cleaning_date,
    company: row.company,
    method: row.method,
    capture: row.capture === 1,
    certificate_reference: row.certificate_reference,
    notes: row.notes,
    created_by: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}
