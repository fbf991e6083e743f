import type { InspectionReport, InspectionSummaryQuery } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, ProjectRow } from '../../db/schema.js';
import { type ReportWithSources, inspectionReport } from '../inspections/inspection-report.js';
import { revisionsRepository } from './revisions.repository.js';

export interface CurrentReport extends ReportWithSources {
  /** The SHA-256 of the stored report.json when this is a signed revision's record. */
  reportSha256: string | null;
}

/**
 * The report of a project as the report routes and the ZIP give it: while the inspection is signed,
 * the signed revision's stored report.json (its default model and resolution; nothing it was made
 * from can change meanwhile), so every download states the signature and its hash; otherwise a
 * fresh rendering.
 */
export async function currentReport(
  db: Kysely<DB>,
  project: ProjectRow,
  query: InspectionSummaryQuery,
  config: Config,
): Promise<CurrentReport> {
  const rendered = await inspectionReport(db, project, query, config);
  const asSigned =
    project.signed_revision !== null && query.model === undefined && query.resolution === undefined;
  if (!asSigned) return { ...rendered, reportSha256: null };
  const stored = await revisionsRepository(db).find(project.id, project.signed_revision!);
  if (!stored) return { ...rendered, reportSha256: null };
  const report = JSON.parse(stored.report_json) as InspectionReport;
  // The drawing's image is not kept per revision: one replaced since signing is not the one signed.
  const sameDrawing = report.ga_drawing?.uploaded_at === rendered.report.ga_drawing?.uploaded_at;
  return {
    report,
    rated: rendered.rated,
    gaDrawingKey: sameDrawing ? rendered.gaDrawingKey : null,
    reportSha256: stored.report_sha256,
  };
}
