import { routes } from '@hullscope/contract';
import type { PredictionRequestRow } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { notFound } from '../../http/api-error.js';
import { BASE64_IMAGE_COMPRESSION } from '../../http/base64-answers.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { checkPredictRequest, predictRequestLookups } from './check-predict-request.js';
import { predictionsRepository } from './predictions.repository.js';
import { predictionSetAnswer } from './prediction-set-answer.js';
import { predictionThumbnailsAnswers } from './prediction-thumbnails-answers.js';
import { schedulePredictRequest } from './schedule-predict-request.js';

function progressOf(request: PredictionRequestRow) {
  return { done: request.images_done, failed: request.images_failed, total: request.images_total };
}

export const registerPredictionRoutes: ApiRegistrar = ({ router, db, storage, queue, config, log }) => {
  const predictions = predictionsRepository(db);
  const predictionThumbnails = predictionThumbnailsAnswers(storage, config, log);

  router.add(routes.validatePredictRequest, async ({ organisation, params, body }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    return (await checkPredictRequest(predictRequestLookups(db), organisation.id, params.id, body)).response;
  });

  router.add(routes.requestPredict, async ({ user, organisation, params, body, request }) => {
    const project = await ownedProjectOr404(db, organisation.id, params.id);
    refuseWhileSigned(project);
    const { requestId, imageCount } = await schedulePredictRequest(
      db,
      queue,
      organisation.id,
      params.id,
      body,
      user.id,
    );
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'prediction.request',
      target: { type: 'prediction_request', id: requestId, label: project.name },
      detail: { project: project.id, images: imageCount },
    });
    return {
      message: `Prediction ${requestId} scheduled for ${imageCount} image${imageCount === 1 ? '' : 's'}.`,
      request_id: requestId,
    };
  });

  router.add(routes.currentRequest, async ({ organisation }) => {
    const request = await predictions.unfinishedRequestOf(organisation.id);
    if (!request) return { request_id: 0, status: null };
    return { request_id: request.id, status: request.status, progress: progressOf(request) };
  });

  router.add(routes.getRequest, async ({ organisation, params }) => {
    const request = await predictions.findRequest(organisation.id, params.requestId);
    if (!request) throw notFound();
    return { id: request.id, status: request.status, progress: progressOf(request) };
  });

  router.add(routes.getPredictionCount, async ({ organisation, params }) => {
    await ownedProjectOr404(db, organisation.id, params.id);
    return { prediction_count: await predictions.countInProject(organisation.id, params.id) };
  });

  router.add(
    routes.listPredictionThumbnails,
    async ({ organisation, params }) => {
      const image = await ownedImageOr404(db, organisation.id, params.id, params.imageId);
      return predictionThumbnails(image, await predictions.listForImage(organisation.id, image.id));
    },
    BASE64_IMAGE_COMPRESSION,
  );

  router.add(
    routes.getPredictionSet,
    async ({ organisation, params }) => {
      const prediction = await predictions.findPrediction(organisation.id, params.id, params.predictionId);
      if (!prediction) throw notFound();
      return predictionSetAnswer(db, prediction, storage, config);
    },
    BASE64_IMAGE_COMPRESSION,
  );
};
