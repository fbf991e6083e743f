import {
  type HullZone,
  type InspectionAreasUpdateRequest,
  type InspectionSummary,
  hullZoneLabels,
  inspectionAreaMessages,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, InspectionAreaRow, ProjectRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { lockKeys } from '../../db/key-lock.js';
import { FieldErrorCollector } from '../../http/api-error.js';
import { particularsOf } from '../vessels/vessel-particulars.js';
import { checklistZones } from './checklist.js';
import { type InspectionAreaFields, inspectionAreasRepository } from './inspection-areas.repository.js';
import { vesselOf } from './load-checklist.js';

const UNDECIDED: InspectionAreaFields = {
  status: null,
  not_inspected_reason: null,
  inspector_rating: null,
  antifouling_condition: null,
  notes: null,
};

/**
 * One area's fields after a change, or the message refusing it. Marking an area inspected drops a
 * stored reason and marking it not inspected a stored rating, since neither applies any longer;
 * sent together with the opposite status they are refused instead.
 */
function merged(
  stored: InspectionAreaFields,
  change: NonNullable<InspectionAreasUpdateRequest[HullZone]>,
): InspectionAreaFields | string {
  const next: InspectionAreaFields = { ...stored };
  for (const [field, value] of Object.entries(change)) {
    if (value !== undefined) Object.assign(next, { [field]: value });
  }
  if (next.status === 'not_inspected') {
    if (change.inspector_rating != null) return inspectionAreaMessages.ratingWhenNotInspected;
    if (!next.not_inspected_reason) return inspectionAreaMessages.reasonRequired;
    next.inspector_rating = null;
  } else {
    if (change.not_inspected_reason != null) return inspectionAreaMessages.reasonOnlyWhenNotInspected;
    next.not_inspected_reason = null;
  }
  return next;
}

/**
 * Applies a checklist change (issue 40 §3): every area sent is checked first, each refusal on its
 * zone's field, and all are written in one transaction, so nothing is stored half. The rows are read
 * and written under the project's lock, so two changes sent at once cannot undo each other's fields.
 */
export async function updateChecklist(
  db: Kysely<DB>,
  project: ProjectRow,
  summary: Pick<InspectionSummary, 'zones'>,
  changes: InspectionAreasUpdateRequest,
): Promise<void> {
  const vessel = await vesselOf(db, project);
  const photographed = summary.zones.flatMap((zone) => (zone.hull_zone ? [zone.hull_zone] : []));
  const allowed = new Set(checklistZones(vessel ? particularsOf(vessel) : null, photographed));
  await db.transaction().execute(async (trx) => {
    await lockKeys(trx, [`inspection-areas:${project.id}`]);
    const areas = inspectionAreasRepository(trx);
    const stored = new Map<HullZone, InspectionAreaRow>(
      (await areas.listOfProject(project.id)).map((row) => [row.hull_zone, row]),
    );
    const errors = new FieldErrorCollector();
    const writes: [HullZone, InspectionAreaFields][] = [];
    for (const [zone, change] of Object.entries(changes) as [
      HullZone,
      InspectionAreasUpdateRequest[HullZone],
    ][]) {
      if (!change) continue;
      if (!allowed.has(zone)) {
        errors.add(zone, inspectionAreaMessages.notAnArea(hullZoneLabels[zone]));
        continue;
      }
      const result = merged(fieldsOf(stored.get(zone)), change);
      if (typeof result === 'string') errors.add(zone, result);
      else writes.push([zone, result]);
    }
    errors.throwIfAny();
    const now = nowIso();
    for (const [zone, fields] of writes) await areas.upsert(project.id, zone, fields, now);
  });
}

function fieldsOf(row: InspectionAreaRow | undefined): InspectionAreaFields {
  if (!row) return UNDECIDED;
  const { project_id: _project, hull_zone: _zone, updated_at: _updated, ...fields } = row;
  return fields;
}
