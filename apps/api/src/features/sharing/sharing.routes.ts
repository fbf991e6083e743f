import { type ShareLink, routes } from '@hullscope/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { ApiRegistrar } from '../../feature-context.js';
import { conflict, notFound } from '../../http/api-error.js';
import { isoInSeconds, nowIso } from '../../db/time.js';
import { BASE64_IMAGE_COMPRESSION } from '../../http/base64-answers.js';
import { linkTokenHash, newLinkToken } from '../../lib/link-token.js';
import { qualityThresholdsTag } from '../../media/quality/thresholds-tag.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { fullImageAnswer } from '../images/full-image-answer.js';
import { imageDetailsList } from '../images/image-details.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { currentReport } from '../sign-off/current-report.js';
import { inspectionSummary } from '../inspections/inspection-summary.js';
import { reportFileName } from '../inspections/inspections.routes.js';
import { renderReportPdf } from '../inspections/report-pdf.js';
import { predictionSetAnswer } from '../predictions/prediction-set-answer.js';
import { predictionsRepository } from '../predictions/predictions.repository.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { projectAnswer } from '../projects/projects.routes.js';
import {
  type OpenShareLink,
  type ShareLinkWithNames,
  shareLinksRepository,
} from './share-links.repository.js';

export const INVALID_SHARE_LINK = 'This share link does not work: it has expired or been revoked.';

function toShareLink(row: ShareLinkWithNames): ShareLink {
  return {
    id: row.id,
    label: row.label,
    created_by: row.creator,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    status: row.revoked_at ? 'REVOKED' : row.expires_at <= nowIso() ? 'EXPIRED' : 'ACTIVE',
    views: row.views,
    last_viewed_at: row.last_viewed_at,
  };
}

/**
 * Issue 38 §6: read-only links to one inspection. A link's token (256 random bits, stored as its
 * hash) stands for its organisation and project: every shared route reads only that project's rows,
 * through the same owner-and-project scoped lookups the members' routes use, so no id reaches
 * another project, image or prediction.
 */
export const registerSharingRoutes: ApiRegistrar = ({ router, db, storage, config, reportRenders }) => {
  const links = shareLinksRepository(db);
  const predictions = predictionsRepository(db);

  async function openLink(token: string): Promise<OpenShareLink> {
    const link = await links.findOpen(linkTokenHash(token));
    if (!link) throw notFound(INVALID_SHARE_LINK);
    return link;
  }

  function sharedAudit(
    link: OpenShareLink,
    request: FastifyRequest,
    action: 'share_link.view' | 'report.download',
  ) {
    return recordAudit(db, {
      organisationId: link.organisation_id,
      actor: null,
      action,
      target: { type: 'share_link', id: link.id, label: link.label },
      detail: { project: link.project_id },
      clientAddress: request.ip,
    });
  }

  router.add(routes.listShareLinks, async ({ organisation, params }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    return (await links.list(organisation.id, params.id)).map(toShareLink);
  });

  router.add(routes.createShareLink, async ({ user, organisation, params, body, request }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    const limit = config.organisations.shareLinksPerProject;
    if ((await links.countActive(organisation.id, project.id)) >= limit) {
      throw conflict(`This inspection has ${limit} working share links: revoke one before making another.`);
    }
    const token = newLinkToken();
    const row = await links.insert({
      organisationId: organisation.id,
      projectId: project.id,
      tokenHash: linkTokenHash(token),
      label: body.label || null,
      createdBy: user.id,
      expiresAt: isoInSeconds(body.expires_in_days * 86_400),
    });
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'share_link.create',
      target: { type: 'share_link', id: row.id, label: row.label },
      detail: { project: project.id, project_name: project.name, expires_at: row.expires_at },
    });
    const created = (await links.find(organisation.id, project.id, row.id))!;
    return { ...toShareLink(created), url: `${config.appUrl}/shared/${token}` };
  });

  router.add(routes.revokeShareLink, async ({ organisation, params, request }) => {
    const row = await links.find(organisation.id, params.id, params.linkId);
    if (!row) throw notFound();
    if (!(await links.revoke(row.id))) throw conflict('This share link was already revoked.');
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'share_link.revoke',
      target: { type: 'share_link', id: row.id, label: row.label },
      detail: { project: row.project_id },
    });
    return toShareLink((await links.find(organisation.id, params.id, params.linkId))!);
  });

  router.add(routes.sharedInspection, async ({ query, request }) => {
    const { token, ...choice } = query;
    const link = await openLink(token);
    const project = await ownedProjectOr404(db, link.organisation_id, link.project_id);
    const { summary } = await inspectionSummary(db, link.organisation_id, project.id, choice, config);
    await links.countView(link.id);
    await sharedAudit(link, request, 'share_link.view');
    return {
      organisation: link.organisation,
      label: link.label,
      expires_at: link.expires_at,
      project: projectAnswer(project),
      summary,
      images: await imageDetailsList(db, link.organisation_id, project.id, config),
    };
  });

  router.add(
    routes.sharedImage,
    async ({ params, query }) => {
      const link = await openLink(query.token);
      const image = await ownedImageOr404(db, link.organisation_id, link.project_id, params.imageId);
      const thresholds = config.imageQuality.thresholds;
      return fullImageAnswer(storage, image, thresholds, qualityThresholdsTag(thresholds));
    },
    BASE64_IMAGE_COMPRESSION,
  );

  router.add(
    routes.sharedPredictionSet,
    async ({ params, query }) => {
      const link = await openLink(query.token);
      const prediction = await predictions.findPrediction(
        link.organisation_id,
        link.project_id,
        params.predictionId,
      );
      if (!prediction) throw notFound();
      return predictionSetAnswer(db, prediction, storage, config);
    },
    BASE64_IMAGE_COMPRESSION,
  );

  router.add(routes.sharedReportJson, async ({ query }) => {
    const { token, ...choice } = query;
    const link = await openLink(token);
    const project = await ownedProjectOr404(db, link.organisation_id, link.project_id);
    return (await currentReport(db, project, choice, config)).report;
  });

  router.add(routes.sharedReportPdf, async ({ query, request, reply }) => {
    const { token, photos = 'key', ...choice } = query;
    const link = await openLink(token);
    const project = await ownedProjectOr404(db, link.organisation_id, link.project_id);
    await reportRenders.admit(link.organisation_id, reply);
    await sharedAudit(link, request, 'report.download');
    const { report, rated, reportSha256, gaDrawingKey } = await currentReport(db, project, choice, config);
    const pdf = renderReportPdf(report, rated, storage, photos, reportSha256, gaDrawingKey);
    pdf.on('error', (error) => reply.log.error({ err: error }, 'shared inspection report failed'));
    return reply
      .header('content-disposition', contentDisposition(reportFileName(project.name, photos)))
      .type('application/pdf')
      .send(pdf);
  });
};
