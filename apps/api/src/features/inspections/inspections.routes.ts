import { routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { ApiRegistrar } from '../../feature-context.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { fuelPenaltyEstimate } from './fuel-penalty.js';
import { inspectionReport } from './inspection-report.js';
import { inspectionSummary } from './inspection-summary.js';
import { type ReportPhotoChoice, renderReportPdf } from './report-pdf.js';

/** The file name of a project's report: its name as typed, which Content-Disposition encodes. */
export function reportFileName(projectName: string, photos: ReportPhotoChoice = 'key'): string {
  const kind = photos === 'all' ? 'inspection-report-all-photos' : 'inspection-report';
  return `${projectName.replace(/[/\\]+/g, '_')}-${kind}.pdf`;
}

/** Issue 18 §5 and §6: the inspection summary of a project and its report, as JSON and as PDF. */
export const registerInspectionRoutes: ApiRegistrar = ({ router, db, storage, config, reportRenders }) => {
  router.add(routes.inspectionSummary, async ({ user, params, query }) => {
    const project = await ownedProjectOr404(db, user.id, params.id);
    return (await inspectionSummary(db, user.id, project.id, query, config)).summary;
  });

  router.add(routes.fuelPenalty, async ({ user, params, query }) => {
    const project = await ownedProjectOr404(db, user.id, params.id);
    const { summary } = await inspectionSummary(db, user.id, project.id, query, config);
    return fuelPenaltyEstimate(project.id, summary.all_zones.rating);
  });

  router.add(routes.inspectionReportJson, async ({ user, params, query }) => {
    const project = await ownedProjectOr404(db, user.id, params.id);
    return (await inspectionReport(db, project, query, config)).report;
  });

  router.add(routes.inspectionReportPdf, async ({ user, params, query, reply }) => {
    const project = await ownedProjectOr404(db, user.id, params.id);
    await reportRenders.admit(user.id, reply);
    const { photos = 'key', ...choice } = query;
    const { report, rated } = await inspectionReport(db, project, choice, config);
    const pdf = renderReportPdf(report, rated, storage, photos);
    pdf.on('error', (error) => reply.log.error({ err: error }, 'inspection report failed'));
    return reply
      .header('content-disposition', contentDisposition(reportFileName(project.name, photos)))
      .header('access-control-expose-headers', 'Content-Disposition')
      .type('application/pdf')
      .send(pdf);
  });
};
