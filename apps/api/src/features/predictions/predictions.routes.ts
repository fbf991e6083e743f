import { type LabelPercentage, type ResultImage, routes } from '@hullscope/contract';
import sharp from 'sharp';
import type { PredictionRequestRow } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { notFound } from '../../http/api-error.js';
import { foulingRating } from '../../inference/fouling-rating.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { storedClassesOf } from '../models/models.repository.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { checkPredictRequest, predictRequestLookups } from './check-predict-request.js';
import { predictionsRepository } from './predictions.repository.js';
import { schedulePredictRequest } from './schedule-predict-request.js';

function progressOf(request: PredictionRequestRow) {
  return { done: request.images_done, failed: request.images_failed, total: request.images_total };
}

export const registerPredictionRoutes: ApiRegistrar = ({ router, db, storage, queue, config }) => {
  const predictions = predictionsRepository(db);

  router.add(routes.validatePredictRequest, async ({ user, params, body }) => {
    await ownedProjectOr404(db, user.id, params.id);
    return (await checkPredictRequest(predictRequestLookups(db), user.id, params.id, body)).response;
  });

  router.add(routes.requestPredict, async ({ user, params, body }) => {
    await ownedProjectOr404(db, user.id, params.id);
    const { requestId, imageCount } = await schedulePredictRequest(db, queue, user.id, params.id, body);
    return {
      message: `Prediction ${requestId} scheduled for ${imageCount} image${imageCount === 1 ? '' : 's'}.`,
      request_id: requestId,
    };
  });

  router.add(routes.currentRequest, async ({ user }) => {
    const request = await predictions.unfinishedRequestOf(user.id);
    if (!request) return { request_id: 0, status: null };
    return { request_id: request.id, status: request.status, progress: progressOf(request) };
  });

  router.add(routes.getRequest, async ({ user, params }) => {
    const request = await predictions.findRequest(user.id, params.requestId);
    if (!request) throw notFound();
    return { id: request.id, status: request.status, progress: progressOf(request) };
  });

  router.add(routes.getPredictionCount, async ({ user, params }) => {
    await ownedProjectOr404(db, user.id, params.id);
    return { prediction_count: await predictions.countInProject(user.id, params.id) };
  });

  router.add(routes.listPredictionThumbnails, async ({ user, params }) => {
    const image = await ownedImageOr404(db, user.id, params.id, params.imageId);
    const rows = await predictions.listForImage(user.id, image.id);
    const thumbnails = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        prediction_id: row.id,
        image_name: image.name,
        base64_thumbnail: (
          await storage.getBuffer(storageKeys.file(row.storage_prefix, predictionFiles.thumbnail))
        ).toString('base64'),
        model_id: row.model_id,
        resolution_id: row.resolution_id,
        project_id: row.project_id,
      })),
    );
    return {
      models: [...new Set(rows.map((row) => row.model_id))],
      resolutions: [...new Set(rows.map((row) => row.resolution_id))],
      thumbnails,
    };
  });

  router.add(routes.getPredictionSet, async ({ user, params }) => {
    const prediction = await predictions.findPrediction(user.id, params.id, params.predictionId);
    if (!prediction) throw notFound();
    const resultImage = async (type: ResultImage['type'], file: string): Promise<ResultImage> => {
      const data = await storage.getBuffer(storageKeys.file(prediction.storage_prefix, file));
      const { width = 0, height = 0 } = type === 'STAT' ? await sharp(data).metadata() : prediction;
      return {
        id: prediction.id,
        image_name: prediction.image_name,
        base64_image: data.toString('base64'),
        width,
        height,
        type,
      };
    };
    const [PRED, ORG, STAT] = await Promise.all([
      resultImage('PRED', predictionFiles.pred),
      resultImage('ORG', predictionFiles.org),
      resultImage('STAT', predictionFiles.stat),
    ]);
    const percentages = JSON.parse(prediction.percentages) as LabelPercentage[];
    return {
      predictions: percentages,
      PRED,
      ORG,
      STAT,
      // From the stored percentages and the model's manifest as it is now: a category corrected in
      // the manifest corrects every earlier rating, with no migration.
      fouling_rating: foulingRating(
        percentages,
        storedClassesOf(prediction.model_manifest),
        config.foulingRating,
      ),
    };
  });
};
