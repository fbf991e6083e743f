import type { InspectionAreas, InspectionSummary, InspectionSummaryQuery } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, ProjectRow, VesselRow } from '../../db/schema.js';
import type { PredictionJudgementSettings } from '../../inference/confidence.js';
import { decisionRulesService } from '../decisions/decision-rules.service.js';
import { inspectionSummary } from '../inspections/inspection-summary.js';
import { particularsOf } from '../vessels/vessel-particulars.js';
import { vesselsRepository } from '../vessels/vessels.repository.js';
import { buildChecklist } from './checklist.js';
import { inspectionAreasRepository } from './inspection-areas.repository.js';

/** The inspection's vessel, if it names one of its owner's. */
export async function vesselOf(db: Kysely<DB>, project: ProjectRow): Promise<VesselRow | undefined> {
  return project.vessel_id ? vesselsRepository(db).findOwned(project.owner, project.vessel_id) : undefined;
}

/** The checklist of an owner's project, from a summary already computed (the report has one). */
export async function checklistOf(
  db: Kysely<DB>,
  project: ProjectRow,
  summary: Pick<InspectionSummary, 'zones'>,
): Promise<InspectionAreas> {
  const vessel = await vesselOf(db, project);
  return buildChecklist({
    project,
    vessel: vessel ? { id: vessel.id, particulars: particularsOf(vessel) } : null,
    summary,
    stored: await inspectionAreasRepository(db).listOfProject(project.id),
    rules: await decisionRulesService(db).rulesOf(project.owner),
  });
}

export async function loadChecklist(
  db: Kysely<DB>,
  project: ProjectRow,
  query: InspectionSummaryQuery,
  settings: PredictionJudgementSettings,
): Promise<InspectionAreas> {
  const { summary } = await inspectionSummary(db, project.owner, project.id, query, settings);
  return checklistOf(db, project, summary);
}
