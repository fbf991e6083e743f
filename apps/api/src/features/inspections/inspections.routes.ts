import { routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { currentSignature } from '../sign-off/revisions.repository.js';
import { fuelPenaltyEstimate } from './fuel-penalty.js';
import { currentReport } from '../sign-off/current-report.js';
import { inspectionSummary } from './inspection-summary.js';
import { type ReportPhotoChoice, renderReportPdf } from './report-pdf.js';

/** The file name of a project's report: its name as typed, which Content-Disposition encodes. */
export function reportFileName(projectName: string, photos: ReportPhotoChoice = 'key'): string {
  const kind = photos === 'all' ? 'inspection-report-all-photos' : 'inspection-report';
  return `${projectName.replace(/[/\\]+/g, '_')}-${kind}.pdf`;
}

/** Issue 18 §5 and §6: the inspection summary of a project and its report, as JSON and as PDF. */
export const registerInspectionRoutes: ApiRegistrar = ({ router, db, storage, config, reportRenders }) => {
  router.add(routes.inspectionSummary, async ({ organisation, params, query }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const { summary } = await inspectionSummary(db, organisation.id, project.id, query, config);
    return { ...summary, signature: await currentSignature(db, project) };
  });

  router.add(routes.fuelPenalty, async ({ organisation, params, query }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const { summary } = await inspectionSummary(db, organisation.id, project.id, query, config);
    return fuelPenaltyEstimate(project.id, summary.all_zones.rating);
  });

  router.add(routes.inspectionReportJson, async ({ organisation, params, query, request }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'report.download',
      target: { type: 'project', id: project.id, label: project.name },
      detail: { format: 'json' },
    });
    return (await currentReport(db, project, query, config)).report;
  });

  router.add(routes.inspectionReportPdf, async ({ organisation, params, query, request, reply }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    await reportRenders.admit(organisation.id, reply);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'report.download',
      target: { type: 'project', id: project.id, label: project.name },
      detail: { format: 'pdf', photos: query.photos ?? 'key' },
    });
    const { photos = 'key', ...choice } = query;
    const { report, rated, reportSha256, gaDrawingKey } = await currentReport(db, project, choice, config);
    const pdf = renderReportPdf(report, rated, storage, photos, reportSha256, gaDrawingKey);
    pdf.on('error', (error) => reply.log.error({ err: error }, 'inspection report failed'));
    return reply
      .header('content-disposition', contentDisposition(reportFileName(project.name, photos)))
      .header('access-control-expose-headers', 'Content-Disposition')
      .type('application/pdf')
      .send(pdf);
  });
};
