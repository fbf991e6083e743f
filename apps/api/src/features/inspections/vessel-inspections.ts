import type { Vessel, VesselInspection } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, ProjectRow } from '../../db/schema.js';
import type { PredictionJudgementSettings } from '../../inference/confidence.js';
import { fuelPenaltyEstimate } from './fuel-penalty.js';
import { inspectionSummary } from './inspection-summary.js';
import { inspectionsRepository } from './inspections.repository.js';

/** Oldest inspection first; projects without an inspection date after them, in the order they were made. */
function byInspectionDate(a: VesselInspection, b: VesselInspection): number {
  if (a.inspection_date && b.inspection_date && a.inspection_date !== b.inspection_date) {
    return a.inspection_date < b.inspection_date ? -1 : 1;
  }
  if (!a.inspection_date !== !b.inspection_date) return a.inspection_date ? -1 : 1;
  return a.project - b.project;
}

async function inspectionOf(
  db: Kysely<DB>,
  project: ProjectRow,
  settings: PredictionJudgementSettings,
): Promise<VesselInspection> {
  const { summary } = await inspectionSummary(db, project.owner, project.id, {}, settings);
  return {
    project: project.id,
    project_name: project.name,
    inspection_date: project.inspection_date,
    location: project.location,
    inspection_method: project.inspection_method,
    inspector: project.inspector,
    photos: summary.all_zones.image_count,
    analysed_photos: summary.all_zones.predicted_count,
    overall_rating: summary.overall_rating,
    macrofouling_percentage: summary.all_zones.rating?.macrofouling_percentage ?? null,
    added_power_estimate: fuelPenaltyEstimate(project.id, summary.all_zones.rating).added_shaft_power_percent,
  };
}

/**
 * The vessels with their inspections (issue 18 §7): each project naming a vessel, rated from its
 * inspection summary (most used model and resolution). One summary per inspection: a fleet of tens
 * of vessels with a few inspections each answers in well under a second.
 */
export async function withInspections(
  db: Kysely<DB>,
  owner: number,
  vessels: Vessel[],
  settings: PredictionJudgementSettings,
): Promise<Vessel[]> {
  const projects = await inspectionsRepository(db).projectsOfVessels(
    owner,
    vessels.map((vessel) => vessel.id),
  );
  const byVessel = new Map<number, VesselInspection[]>();
  for (const project of projects) {
    const inspection = await inspectionOf(db, project, settings);
    const list = byVessel.get(project.vessel_id!) ?? [];
    list.push(inspection);
    byVessel.set(project.vessel_id!, list);
  }
  return vessels.map((vessel) => ({
    ...vessel,
    inspections: (byVessel.get(vessel.id) ?? []).sort(byInspectionDate),
  }));
}
