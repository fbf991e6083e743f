import {
  type InspectionReport,
  type RecordBook,
  type RecordBookEntry,
  type Vessel,
  type VesselParticulars,
  particularAnswerFields,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { countryName } from '../company/countries.js';
import { hullPlan } from '../hull-plan/hull-plan.js';
import { inspectionEntry } from './inspection-entry.js';
import { recordBookRepository } from './record-book.repository.js';

export const RECORD_BOOK_NOTES = [
  "Each inspection entry is read from the report.json of the inspection's latest signed revision, as it was signed; inspections never signed do not appear.",
  'An inspection reopened and not signed again keeps its entry from the last signed revision, marked as reopened.',
  'Each cleaning names the inspections before and after it, with their latest signed revisions where signed.',
  'Each entry names its report revision and the SHA-256 of that report.json: anyone can fetch the revision and check it with sha256sum.',
] as const;

/** The vessel's particulars as the plan reads them: one the answer leaves out is not given. */
const particularsOfVessel = (vessel: Vessel): VesselParticulars =>
  Object.fromEntries(
    Object.keys(particularAnswerFields).map((field) => [field, vessel[field as keyof Vessel] ?? null]),
  ) as VesselParticulars;

const entryDate = (entry: RecordBookEntry) => entry.date;
const entryKey = (entry: RecordBookEntry) =>
  entry.entry_type === 'inspection' ? `a-${entry.project}` : `b-${entry.cleaning}`;

/** Oldest first; undated entries after the dated ones; at one date, inspections before cleanings. */
function byDate(a: RecordBookEntry, b: RecordBookEntry): number {
  const left = entryDate(a);
  const right = entryDate(b);
  if (left !== right) {
    if (left === null) return 1;
    if (right === null) return -1;
    return left < right ? -1 : 1;
  }
  return entryKey(a).localeCompare(entryKey(b), 'en', { numeric: true });
}

/** The signed inspections of a vessel as Record Book entries (the vessel is the organisation's). */
export async function inspectionEntries(db: Kysely<DB>, owner: number, vesselId: number) {
  const rows = await recordBookRepository(db).latestRevisions(owner, vesselId);
  return rows.flatMap((row) => {
    const report = JSON.parse(row.report_json) as InspectionReport;
    return report.vessel?.id === vesselId ? [inspectionEntry(row, report)] : [];
  });
}

/** Issue 40 §7: the vessel's particulars and its entries; `vessel` is one the caller may see. */
export function recordBook(vessel: Vessel, entries: RecordBookEntry[]): RecordBook {
  return {
    generated_at: nowIso(),
    vessel: {
      id: vessel.id,
      name: vessel.name,
      imo_number: vessel.imo_number,
      flag: vessel.flag,
      flag_name: vessel.flag ? (countryName(vessel.flag) ?? null) : null,
      vessel_type: vessel.vessel_type,
      gross_tonnage: vessel.gross_tonnage,
      antifouling_system: vessel.antifouling_system,
      length_overall_m: vessel.length_overall_m,
      beam_m: vessel.beam_m,
      design_draught_m: vessel.design_draught_m,
      propellers: vessel.propellers,
      bow_thrusters: vessel.bow_thrusters,
      stern_thrusters: vessel.stern_thrusters,
      sea_chests: vessel.sea_chests,
      sea_chest_side: vessel.sea_chest_side,
      bilge_keels: vessel.bilge_keels,
      stabilisers: vessel.stabilisers,
    },
    hull_plan: hullPlan(vessel.id, particularsOfVessel(vessel)),
    entries: [...entries].sort(byDate),
    notes: [...RECORD_BOOK_NOTES],
  };
}
