import {
  type AreaRating,
  type DecisionRule,
  type HullZone,
  IMO_RATING_LABELS,
  IMO_RATING_SCALE,
  type InspectionArea,
  type InspectionAreas,
  type InspectionSummary,
  type VesselParticulars,
  antifoulingConditionLabels,
  areaKindOf,
  hullZoneLabels,
  notInspectedReasonLabels,
} from '@hullscope/contract';
import type { InspectionAreaRow, ProjectRow } from '../../db/schema.js';
import { WHOLE_SHIP, inspectionActions, rulesFiredFor, shipRulesFired } from '../decisions/apply-rules.js';
import { nextInspection } from '../decisions/next-inspection.js';
import { drawnParticulars, vesselAreas } from '../hull-plan/drawn-particulars.js';

export interface ChecklistInputs {
  project: ProjectRow;
  /** The inspection's vessel, or null: then every area a ship may have. */
  vessel: { id: number; particulars: VesselParticulars } | null;
  summary: Pick<InspectionSummary, 'zones'>;
  stored: InspectionAreaRow[];
  rules: DecisionRule[];
}

const NO_PARTICULARS: VesselParticulars = {
  length_overall_m: null,
  beam_m: null,
  design_draught_m: null,
  propellers: null,
  bow_thrusters: null,
  stern_thrusters: null,
  sea_chests: null,
  sea_chest_side: null,
  bilge_keels: null,
  stabilisers: null,
  inspection_interval_days: null,
  idle_days: null,
  outside_operating_profile: null,
};

/** The areas on the checklist: the vessel's, and any other zone its photos were filed under. */
export function checklistZones(
  particulars: VesselParticulars | null,
  photographed: Iterable<HullZone>,
): HullZone[] {
  const zones = new Set(vesselAreas(drawnParticulars(particulars ?? NO_PARTICULARS)));
  for (const zone of photographed) zones.add(zone);
  return [...zones];
}

function ratingOf(
  zone: InspectionSummary['zones'][number] | undefined,
  inspectorRating: number | null,
): AreaRating | null {
  if (zone?.rating) {
    return {
      scale: IMO_RATING_SCALE,
      value: zone.rating.value,
      label: zone.rating.label,
      source: 'photos',
      macrofouling_percentage: zone.rating.macrofouling_percentage,
    };
  }
  if (inspectorRating === null) return null;
  return {
    scale: IMO_RATING_SCALE,
    value: inspectorRating,
    label: IMO_RATING_LABELS[inspectorRating]!,
    source: 'inspector',
    macrofouling_percentage: null,
  };
}

/**
 * The checklist of an inspection (issue 40 §3) with its decisions (§4). An area no one decided
 * counts as inspected when it has photos, and stays undecided otherwise; photos' rating wins over
 * the inspector's, which stands where no photo of the area is rated.
 */
export function buildChecklist({
  project,
  vessel,
  summary,
  stored,
  rules,
}: ChecklistInputs): InspectionAreas {
  const zonesWithPhotos = new Map(
    summary.zones.flatMap((zone) => (zone.hull_zone ? [[zone.hull_zone, zone] as const] : [])),
  );
  const rows = new Map(stored.map((row) => [row.hull_zone, row]));
  const areas: InspectionArea[] = checklistZones(vessel?.particulars ?? null, zonesWithPhotos.keys()).map(
    (zone) => {
      const row = rows.get(zone);
      const photos = zonesWithPhotos.get(zone);
      const photoCount = photos?.image_count ?? 0;
      const status = row?.status ?? (photoCount > 0 ? 'inspected' : null);
      const notInspected = status === 'not_inspected';
      const rating = notInspected ? null : ratingOf(photos, row?.inspector_rating ?? null);
      const antifouling = row?.antifouling_condition ?? 'not_assessed';
      const label = hullZoneLabels[zone];
      const reason = notInspected ? (row?.not_inspected_reason ?? null) : null;
      return {
        hull_zone: zone,
        zone_label: label,
        kind: areaKindOf(zone),
        status,
        status_from_photos: !row?.status && status === 'inspected',
        not_inspected_reason: reason,
        not_inspected_reason_label: reason ? notInspectedReasonLabels[reason] : null,
        photo_count: photoCount,
        rating,
        inspector_rating: row?.inspector_rating ?? null,
        antifouling_condition: antifouling,
        antifouling_condition_label: antifoulingConditionLabels[antifouling],
        notes: row?.notes ?? null,
        actions: rulesFiredFor({ label, notInspected, rating: rating?.value ?? null, antifouling }, rules),
      };
    },
  );
  const particulars = vessel?.particulars ?? NO_PARTICULARS;
  const shipActions = shipRulesFired(
    { idleDays: particulars.idle_days, outsideOperatingProfile: particulars.outside_operating_profile },
    rules,
  );
  const actions = inspectionActions([
    ...areas.map((area) => ({ label: area.zone_label, actions: area.actions })),
    { label: WHOLE_SHIP, actions: shipActions },
  ]);
  return {
    project: project.id,
    vessel: vessel?.id ?? null,
    areas,
    undecided: areas.filter((area) => area.status === null).map((area) => area.hull_zone),
    not_inspected: areas.filter((area) => area.status === 'not_inspected').map((area) => area.hull_zone),
    actions,
    next_inspection: nextInspection(
      project.inspection_date,
      vessel?.particulars.inspection_interval_days ?? null,
      actions,
    ),
  };
}
