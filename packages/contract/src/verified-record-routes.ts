import { z } from 'zod';
import { idParam } from './common.js';
import { Agreement } from './agreement.js';
import { InspectionReport } from './inspections.js';
import { MaskVersionList, MaskVersionParams, MaskVersionSaved } from './mask-versions.js';
import { ImageReview, ReviewQueue, ReviewUpdateRequest } from './review.js';
import { route } from './route-definition.js';
import { ReopenRequest, RevisionList, RevisionParams, SignRequest, Signature } from './sign-off.js';

const ProjectParams = z.object({ id: idParam });
const ImageParams = z.object({ id: idParam, imageId: idParam });
const PredictionParams = z.object({ id: idParam, predictionId: idParam });

/** Issue 39: corrected masks, review, sign-off, the dataset export and the agreement figures. */
export const verifiedRecordRoutes = {
  listMaskVersions: route({
    method: 'GET',
    path: '/api/projects/:id/predictionset/:predictionId/masks/',
    operationId: 'listMaskVersions',
    auth: true,
    tag: 'review',
    status: 200,
    summary: "The prediction's mask versions: 0 is the model's own, each later one a person's correction",
    params: PredictionParams,
    response: MaskVersionList,
  }),
  saveMaskVersion: route({
    method: 'POST',
    path: '/api/projects/:id/predictionset/:predictionId/masks/',
    operationId: 'saveMaskVersion',
    auth: true,
    tag: 'review',
    status: 201,
    summary:
      'Save a corrected mask (multipart, field "mask": an 8-bit greyscale or palette PNG of exactly the prediction\'s size whose values are the model\'s class indexes) as a new version; the figures are recomputed from it and the image becomes corrected. 409 while the inspection is signed',
    params: PredictionParams,
    response: MaskVersionSaved,
    multipart: true,
  }),
  restoreMaskVersion: route({
    method: 'POST',
    path: '/api/projects/:id/predictionset/:predictionId/masks/:version/restore/',
    operationId: 'restoreMaskVersion',
    auth: true,
    tag: 'review',
    status: 201,
    summary: 'Save an earlier version again as a new version (0 puts the model’s mask back)',
    params: MaskVersionParams,
    response: MaskVersionSaved,
  }),
  downloadMaskVersion: route({
    method: 'GET',
    path: '/api/projects/:id/predictionset/:predictionId/masks/:version/',
    operationId: 'downloadMaskVersion',
    auth: true,
    tag: 'review',
    status: 200,
    summary: 'One mask version as an index PNG (palette: the class colours; values: class indexes)',
    params: MaskVersionParams,
    response: null,
    download: ['image/png'],
  }),
  updateImageReview: route({
    method: 'POST',
    path: '/api/projects/:id/image/:imageId/review/',
    operationId: 'updateImageReview',
    auth: true,
    tag: 'review',
    status: 200,
    summary:
      "Accept an analysed image's mask as the model saw it, or mark it unreviewed again. 409 while the inspection is signed",
    params: ImageParams,
    body: ReviewUpdateRequest,
    response: ImageReview,
  }),
  reviewQueue: route({
    method: 'GET',
    path: '/api/projects/:id/review-queue/',
    operationId: 'reviewQueue',
    auth: true,
    tag: 'review',
    status: 200,
    summary: 'The unreviewed analysed images, low-confidence ones first, with how many are reviewed',
    params: ProjectParams,
    response: ReviewQueue,
  }),
  signInspection: route({
    method: 'POST',
    path: '/api/projects/:id/sign/',
    operationId: 'signInspection',
    auth: true,
    refusesApiKeys: true,
    access: 'member',
    tag: 'review',
    status: 201,
    summary:
      'Sign the inspection with name and position: its report.json is stored as a new revision with its SHA-256, and the inspection is frozen until reopened. 409 when signed already or checklist areas are undecided',
    params: ProjectParams,
    body: SignRequest,
    response: Signature,
  }),
  reopenInspection: route({
    method: 'POST',
    path: '/api/projects/:id/reopen/',
    operationId: 'reopenInspection',
    auth: true,
    refusesApiKeys: true,
    access: 'member',
    tag: 'review',
    status: 200,
    summary: 'Reopen a signed inspection with a reason; the next signature makes a new revision',
    params: ProjectParams,
    body: ReopenRequest,
    response: RevisionList,
  }),
  listRevisions: route({
    method: 'GET',
    path: '/api/projects/:id/revisions/',
    operationId: 'listRevisions',
    auth: true,
    tag: 'review',
    status: 200,
    summary: "The inspection's signed revisions, oldest first",
    params: ProjectParams,
    response: RevisionList,
  }),
  revisionReportJson: route({
    method: 'GET',
    path: '/api/projects/:id/revisions/:revision/report.json',
    operationId: 'revisionReportJson',
    auth: true,
    tag: 'review',
    status: 200,
    summary: 'The report.json of a signed revision, byte for byte as its SHA-256 was taken',
    params: RevisionParams,
    response: InspectionReport,
  }),
  datasetExport: route({
    method: 'GET',
    path: '/api/projects/:id/dataset/',
    operationId: 'datasetExport',
    auth: true,
    tag: 'review',
    status: 200,
    summary:
      'The reviewed images as a training set (ZIP, streamed): originals, index-PNG masks, classes.json, COCO annotations.json with RLE segmentations and a README',
    params: ProjectParams,
    response: null,
    download: ['application/zip'],
  }),
  projectAgreement: route({
    method: 'GET',
    path: '/api/projects/:id/agreement/',
    operationId: 'projectAgreement',
    auth: true,
    tag: 'review',
    status: 200,
    summary:
      "Per model, how far it agrees with the project's reviewers: pixel accuracy, per-class IoU, rating agreement and weighted kappa",
    params: ProjectParams,
    response: Agreement,
  }),
  organisationAgreement: route({
    method: 'GET',
    path: '/api/organisation/agreement/',
    operationId: 'organisationAgreement',
    auth: true,
    tag: 'review',
    status: 200,
    summary: 'The same over every project of the organisation',
    response: Agreement,
  }),
} as const;
