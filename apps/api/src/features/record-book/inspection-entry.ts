import {
  type FoulingRating,
  type InspectionArea,
  type InspectionReport,
  type RecordBookInspectionEntry,
  type RecordBookRevision,
} from '@hullscope/contract';
import type { LatestRevision } from './record-book.repository.js';

const ratingOf = (rating: Pick<FoulingRating, 'value' | 'label'> | null | undefined) =>
  rating ? { value: rating.value, label: rating.label } : null;

/** The areas inspected: from the checklist, or from the rated zones in a report made before it existed. */
function areasInspected(report: InspectionReport): RecordBookInspectionEntry['areas_inspected'] {
  if (!report.checklist) {
    return report.summary.zones.map((zone) => ({
      area: zone.zone_label,
      rating: ratingOf(zone.rating),
      rating_source: zone.rating ? 'photos' : null,
      antifouling_condition: 'Not assessed',
      notes: null,
    }));
  }
  return report.checklist.areas
    .filter((area) => area.status === 'inspected')
    .map((area) => ({
      area: area.zone_label,
      rating: ratingOf(area.rating),
      rating_source: area.rating?.source ?? null,
      antifouling_condition: area.antifouling_condition_label,
      notes: area.notes,
    }));
}

/** "Intact: Flat bottom, Propeller; Major damage: Rudder", over the areas inspected. */
export function antifoulingSummary(
  areas: Pick<InspectionArea, 'zone_label' | 'antifouling_condition_label'>[],
) {
  const byCondition = new Map<string, string[]>();
  for (const area of areas) {
    const list = byCondition.get(area.antifouling_condition_label) ?? [];
    list.push(area.zone_label);
    byCondition.set(area.antifouling_condition_label, list);
  }
  if (byCondition.size === 0) return 'Not assessed';
  return [...byCondition].map(([condition, names]) => `${condition}: ${names.join(', ')}`).join('; ');
}

export function revisionReference(row: LatestRevision): RecordBookRevision {
  return {
    revision: row.revision,
    report_sha256: row.report_sha256,
    report_json_path: `/api/projects/${row.project_id}/revisions/${row.revision}/report.json`,
    signed_at: row.signed_at,
    reopened: row.reopened_at !== null,
    reopened_at: row.reopened_at,
    reopen_reason: row.reopen_reason,
  };
}

/**
 * The worst rating of the inspection: the photos' overall rating, or an area's rating the inspector
 * entered where it is worse (an inspection by a diver without photos is rated by the diver).
 */
export function overallRating(report: InspectionReport) {
  const ratings = [
    report.summary.overall_rating,
    ...(report.checklist?.areas ?? []).map((area) => area.rating),
  ].filter((rating) => rating != null);
  const worst = ratings.reduce<(typeof ratings)[number] | null>(
    (found, rating) => (found === null || rating.value > found.value ? rating : found),
    null,
  );
  return ratingOf(worst);
}

function foundText(report: InspectionReport, overall: ReturnType<typeof overallRating>): string {
  if (report.summary.overall_rating || !overall) return report.record_book_entry.fouling_found;
  return `Rated by the inspector: the worst area ${overall.value} (${overall.label}).`;
}

function remarks(row: LatestRevision, report: InspectionReport): string {
  const signed = `Signed revision ${row.revision} of the inspection report.`;
  const description = report.project.description ? ` ${report.project.description}` : '';
  if (row.reopened_at === null) return `${signed}${description}`;
  return (
    `Reopened on ${row.reopened_at.slice(0, 10)} (${row.reopen_reason ?? 'no reason given'}) and not signed again: ` +
    `this entry shows revision ${row.revision}, the last signed.${description}`
  );
}

/**
 * The Record Book entry of an inspection, read from the report.json its latest signed revision
 * stored: the fields of the IMO form (MEPC.378(80) appendix) as they were signed.
 */
export function inspectionEntry(row: LatestRevision, report: InspectionReport): RecordBookInspectionEntry {
  const checklist = report.checklist;
  const inspectedAreas = checklist?.areas.filter((area) => area.status === 'inspected') ?? [];
  const overall = overallRating(report);
  return {
    entry_type: 'inspection',
    entry_label: 'In-water inspection',
    project: row.project_id,
    project_name: report.project.name,
    date: report.inspection.date,
    location: report.project.location,
    method: report.inspection.method_label,
    inspected_by: report.inspection.inspector,
    visibility: report.inspection.visibility_label,
    areas_inspected: areasInspected(report),
    areas_not_inspected: (report.areas_not_inspected ?? []).map((area) => ({
      area: area.zone_label,
      reason: area.reason_label ?? 'No reason given',
      notes: area.notes,
    })),
    areas_not_recorded: (checklist?.areas ?? [])
      .filter((area) => area.status === null)
      .map((area) => area.zone_label),
    overall_rating: overall,
    fouling_found: foundText(report, overall),
    antifouling_condition: checklist
      ? antifoulingSummary(inspectedAreas)
      : (report.vessel?.antifouling_system ?? 'Not assessed'),
    actions: (checklist?.actions ?? []).map((action) => ({
      urgency: action.urgency_label,
      action: action.action,
      areas: action.areas,
      rule: action.rule,
    })),
    next_inspection_due: checklist?.next_inspection.due_date ?? null,
    person_in_charge: { name: row.signer_name, position: row.signer_position, signed_at: row.signed_at },
    evidence: {
      photos: report.images.length,
      report: `Inspection report "${report.project.name}", revision ${row.revision}, report.json SHA-256 ${row.report_sha256}`,
    },
    revision: revisionReference(row),
    remarks: remarks(row, report),
  };
}
