import { routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { downloadsRepository } from '../downloads/downloads.repository.js';
import { zipStream } from '../downloads/zip-stream.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { datasetContents } from './dataset-contents.js';
import { reviewedPredictions } from './dataset-rows.js';

/** Issue 39 §5: a project's reviewed photos as a training set, streamed as a ZIP. */
export const registerDatasetRoutes: ApiRegistrar = ({ router, db, storage, reportRenders }) => {
  router.add(routes.datasetExport, async ({ organisation, params, request, reply }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'dataset.download',
      target: { type: 'project', id: project.id, label: project.name },
    });
    // Every reviewed mask is read and encoded again: a turn among the organisation's heavy downloads.
    await reportRenders.admit(organisation.id, reply);
    const rows = await reviewedPredictions(db, organisation.id, project.id);
    const files = datasetContents(storage, project, rows);
    const date = new Date().toISOString().slice(0, 10);
    const name = `hullscope-dataset-${project.name.replace(/[^\w.-]+/g, '_')}-${date}.zip`;
    return reply
      .header('content-disposition', contentDisposition(name))
      .header('access-control-expose-headers', 'Content-Disposition')
      .type('application/zip')
      .send(
        zipStream(storage, files, null, reply.log, () =>
          downloadsRepository(db).stillThere(organisation.id, project.id),
        ),
      );
  });
};
