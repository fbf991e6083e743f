import { type Vessel, routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { cleaningsService } from '../cleanings/cleanings.service.js';
import { vesselsService } from '../vessels/vessels.service.js';
import { cleaningEntry } from './cleaning-entry.js';
import { inspectionEntries, recordBook } from './record-book.js';
import { recordBookAnswer } from './record-book-answer.js';
import { renderRecordBookPdf } from './record-book-pdf.js';

/** The PDF's file name: the vessel's name as typed, which Content-Disposition encodes. */
export function recordBookFileName(vesselName: string): string {
  return `${vesselName.replace(/[/\\]+/g, '_')}-record-book.pdf`;
}

/** Issue 40 §7: a vessel's Biofouling Record Book as JSON and as PDF. */
export const registerRecordBookRoutes: ApiRegistrar = ({ router, db, config, reportRenders }) => {
  const vessels = vesselsService(db, config.accountCaps.vessels);
  const bookOf = async (organisationId: number, vessel: Vessel) => {
    const cleanings = await cleaningsService(db, organisationId, vessel.id).list();
    return recordBook(vessel, [
      ...(await inspectionEntries(db, organisationId, vessel.id)),
      ...cleanings.map(cleaningEntry),
    ]);
  };

  router.add(routes.vesselRecordBook, async ({ organisation, params }) => {
    const vessel = await vessels.get(organisation.id, params.id);
    return recordBookAnswer(db, organisation.id, vessel, () => bookOf(organisation.id, vessel));
  });

  router.add(routes.vesselRecordBookPdf, async ({ organisation, params, request, reply }) => {
    const vessel = await vessels.get(organisation.id, params.id);
    // A long book is many pages: it takes its turn with the other reports before anything is read.
    await reportRenders.admit(organisation.id, reply);
    const book = await bookOf(organisation.id, vessel);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'record_book.download',
      target: { type: 'vessel', id: book.vessel.id, label: book.vessel.name },
      detail: { format: 'pdf', entries: book.entries.length },
    });
    const pdf = renderRecordBookPdf(book);
    pdf.on('error', (error) => reply.log.error({ err: error }, 'record book failed'));
    return reply
      .header('content-disposition', contentDisposition(recordBookFileName(book.vessel.name)))
      .header('access-control-expose-headers', 'Content-Disposition')
      .type('application/pdf')
      .send(pdf);
  });
};
