import {
  PARTICULAR_FIELDS,
  type VesselCreateRequest,
  type VesselParticulars,
  particularConflicts,
} from '@hullscope/contract';
import type { VesselRow, VesselsTable } from '../../db/schema.js';
import type { FieldErrorCollector } from '../../http/api-error.js';

type ParticularColumns = Partial<Pick<VesselsTable, (typeof PARTICULAR_FIELDS)[number]>>;

const flag = (value: boolean | null | undefined) => (value == null ? value : value ? 1 : 0);

/** The particulars of a request as columns: the fields sent, booleans as 0/1 (both dialects store them so). */
export function particularColumns(fields: Partial<VesselCreateRequest>): ParticularColumns {
  const columns: ParticularColumns = {};
  for (const field of PARTICULAR_FIELDS) {
    if (fields[field] === undefined) continue;
    if (field === 'bilge_keels' || field === 'stabilisers' || field === 'outside_operating_profile') {
      columns[field] = flag(fields[field]);
    } else Object.assign(columns, { [field]: fields[field] });
  }
  return columns;
}

/** A row's particulars as the API shows them. */
export function particularsOf(row: VesselRow): VesselParticulars {
  return {
    length_overall_m: row.length_overall_m,
    beam_m: row.beam_m,
    design_draught_m: row.design_draught_m,
    propellers: row.propellers,
    bow_thrusters: row.bow_thrusters,
    stern_thrusters: row.stern_thrusters,
    sea_chests: row.sea_chests,
    sea_chest_side: row.sea_chest_side,
    bilge_keels: row.bilge_keels === null ? null : row.bilge_keels === 1,
    stabilisers: row.stabilisers === null ? null : row.stabilisers === 1,
    inspection_interval_days: row.inspection_interval_days,
    idle_days: row.idle_days,
    outside_operating_profile:
      row.outside_operating_profile === null ? null : row.outside_operating_profile === 1,
  };
}

/**
 * Adds the conflicts between the particulars the vessel will have (stored ones overlaid with the
 * request's) to `errors`, each on the field the request sent, or on the first of the pair it did.
 */
export function checkParticulars(
  errors: FieldErrorCollector,
  stored: VesselParticulars | null,
  fields: Partial<VesselCreateRequest>,
): void {
  const merged: Partial<VesselParticulars> = { ...stored };
  for (const field of PARTICULAR_FIELDS) {
    if (fields[field] !== undefined) Object.assign(merged, { [field]: fields[field] });
  }
  for (const [field, message] of Object.entries(particularConflicts(merged))) {
    if (message) errors.add(field, message);
  }
}
