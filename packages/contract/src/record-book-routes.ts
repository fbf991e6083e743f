import { z } from 'zod';
import { idParam } from './common.js';
import { RecordBook } from './record-book.js';
import { route } from './route-definition.js';

const VesselParams = z.object({ id: idParam });

/** Issue 40 §7: a vessel's Biofouling Record Book, as JSON and as PDF. */
export const recordBookRoutes = {
  vesselRecordBook: route({
    operationId: 'vesselRecordBook',
    method: 'GET',
    path: '/api/vessels/:id/record-book/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary:
      "The vessel's Biofouling Record Book: its particulars and an entry per signed inspection (its latest signed revision) and per cleaning, oldest first",
    params: VesselParams,
    response: RecordBook,
  }),
  vesselRecordBookPdf: route({
    operationId: 'vesselRecordBookPdf',
    method: 'GET',
    path: '/api/vessels/:id/record-book/download/',
    auth: true,
    tag: 'vessels',
    status: 200,
    summary:
      'The Record Book as a PDF (a rendering of the JSON); the file name comes from Content-Disposition',
    params: VesselParams,
    response: null,
    download: ['application/pdf'],
  }),
};
