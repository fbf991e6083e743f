import { routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import type { Storage } from '../../storage/storage.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { currentReport } from '../sign-off/current-report.js';
import { renderReportPdf } from '../inspections/report-pdf.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { type ArchiveFile, type SummaryRow, archiveContents } from './archive-contents.js';
import { downloadsRepository } from './downloads.repository.js';
import { zipStream } from './zip-stream.js';

function zipName(...parts: string[]): string {
  const date = new Date().toISOString().slice(0, 10);
  return `${['hullscope', ...parts, date].map((part) => part.replace(/[^\w.-]+/g, '_')).join('-')}.zip`;
}

/** Sends the ZIP as it is built (zipStream): files flow from storage to the client, never whole in memory. */
function sendZip(
  reply: FastifyReply,
  storage: Storage,
  fileName: string,
  files: ArchiveFile[],
  summary: SummaryRow[],
  stillThere: () => Promise<boolean>,
) {
  return reply
    .header('content-disposition', contentDisposition(fileName))
    .header('access-control-expose-headers', 'Content-Disposition')
    .type('application/zip')
    .send(zipStream(storage, files, summary, reply.log, stillThere));
}

export const registerDownloadRoutes: ApiRegistrar = ({ router, db, storage, config, reportRenders }) => {
  router.add(routes.downloadProject, async ({ organisation, params, request, reply }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'project.download',
      target: { type: 'project', id: project.id, label: project.name },
    });
    // The ZIP renders the report too, so it takes a turn as the report does.
    await reportRenders.admit(organisation.id, reply);
    const { files, summary } = await archiveContents(db, organisation.id, project.id, config);
    // The inspection report (issue 18 §6) for the project's most used model and resolution; the PDF
    // is rendered only when the archive reaches it, streamed like the stored files.
    // While signed, the signed revision's report.json byte for byte, so its hash can be checked.
    const { report, rated, reportSha256, gaDrawingKey } = await currentReport(db, project, {}, config);
    files.push(
      { name: 'report.json', data: Buffer.from(JSON.stringify(report, null, 2)), compressed: false },
      {
        name: 'report.pdf',
        stream: () => renderReportPdf(report, rated, storage, 'key', reportSha256, gaDrawingKey),
        compressed: false,
      },
    );
    await sendZip(reply, storage, zipName(project.name), files, summary, () =>
      downloadsRepository(db).stillThere(organisation.id, project.id),
    );
  });

  router.add(routes.downloadImage, async ({ organisation, params, reply }) => {
    const image = await ownedImageOr404(db, organisation.id, params.id, params.imageId);
    const { files, summary } = await archiveContents(db, organisation.id, params.id, config, image.id);
    const fileName = zipName(image.name.replace(/\.[^.]+$/, ''));
    await sendZip(reply, storage, fileName, files, summary, () =>
      downloadsRepository(db).stillThere(organisation.id, params.id, image.id),
    );
  });
};
