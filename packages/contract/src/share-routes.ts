import { z } from 'zod';
import { idParam } from './common.js';
import { FullImage } from './images.js';
import { InspectionReport } from './inspections.js';
import { PredictionSet } from './predictions.js';
import { route } from './route-definition.js';
import {
  ShareLink,
  ShareLinkCreated,
  ShareLinkList,
  ShareLinkParams,
  ShareLinkRequest,
  SharedInspection,
  SharedQuery,
  SharedReportQuery,
  SharedSummaryQuery,
} from './shares.js';

const ProjectParams = z.object({ id: idParam });

/** Issue 38 §6: read-only links to one inspection for people without an account. */
export const shareRoutes = {
  listShareLinks: route({
    operationId: 'listShareLinks',
    method: 'GET',
    path: '/api/projects/:id/share-links/',
    auth: true,
    access: 'member',
    tag: 'sharing',
    status: 200,
    summary: "The project's share links, newest first",
    params: ProjectParams,
    response: ShareLinkList,
  }),
  createShareLink: route({
    operationId: 'createShareLink',
    method: 'POST',
    path: '/api/projects/:id/share-links/',
    auth: true,
    tag: 'sharing',
    status: 201,
    summary:
      'A read-only link to the inspection (summary, photos with overlays, reports) for an outside party',
    params: ProjectParams,
    body: ShareLinkRequest,
    response: ShareLinkCreated,
  }),
  revokeShareLink: route({
    operationId: 'revokeShareLink',
    method: 'DELETE',
    path: '/api/projects/:id/share-links/:linkId/delete/',
    auth: true,
    tag: 'sharing',
    status: 200,
    summary: 'Revoke a share link: it stops working at once',
    params: ShareLinkParams,
    response: ShareLink,
  }),
  sharedInspection: route({
    operationId: 'sharedInspection',
    method: 'GET',
    path: '/api/shared/',
    auth: false,
    tag: 'sharing',
    status: 200,
    summary: "A share link's inspection: project, summary and images",
    query: SharedSummaryQuery,
    response: SharedInspection,
  }),
  sharedImage: route({
    operationId: 'sharedImage',
    method: 'GET',
    path: '/api/shared/image/:imageId/',
    auth: false,
    tag: 'sharing',
    status: 200,
    summary: 'One image of a shared inspection',
    params: z.object({ imageId: idParam }),
    query: SharedQuery,
    response: FullImage,
  }),
  sharedPredictionSet: route({
    operationId: 'sharedPredictionSet',
    method: 'GET',
    path: '/api/shared/predictionset/:predictionId/',
    auth: false,
    tag: 'sharing',
    status: 200,
    summary: 'One prediction of a shared inspection, with its overlay',
    params: z.object({ predictionId: idParam }),
    query: SharedQuery,
    response: PredictionSet,
  }),
  sharedReportPdf: route({
    operationId: 'sharedReportPdf',
    method: 'GET',
    path: '/api/shared/report/',
    auth: false,
    tag: 'sharing',
    status: 200,
    summary: "A shared inspection's PDF report",
    query: SharedReportQuery,
    response: null,
    download: ['application/pdf'],
  }),
  sharedReportJson: route({
    operationId: 'sharedReportJson',
    method: 'GET',
    path: '/api/shared/report.json',
    auth: false,
    tag: 'sharing',
    status: 200,
    summary: "A shared inspection's JSON report",
    query: SharedSummaryQuery,
    response: InspectionReport,
  }),
} as const;
