import { routes } from '@hullscope/contract';
import type { PredictionRequestRow } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { notFound } from '../../http/api-error.js';
import { judgeConfidence } from '../../inference/confidence.js';
import {
  BASE64_IMAGE_COMPRESSION,
  JSON_CONTENT_TYPE,
  THUMBNAIL_READS_IN_FLIGHT,
} from '../../http/base64-answers.js';
import { notModified, weakETag } from '../../http/etag.js';
import { jsonArrayStream } from '../../http/json-array-stream.js';
import { REPLY_SENT } from '../../http/router.js';
import { Base64Cache, readBase64Copy } from '../../storage/base64-copy.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { ownedImageOr404 } from '../images/owned-image.js';
import { ownedProjectOr404 } from '../projects/owned-project.js';
import { refuseWhileSigned } from '../sign-off/signed-freeze.js';
import { checkPredictRequest, predictRequestLookups } from './check-predict-request.js';
import { currentMaskPrefix } from '../mask-versions/mask-files.js';
import { predictionsRepository } from './predictions.repository.js';
import { predictionSetAnswer } from './prediction-set-answer.js';
import { schedulePredictRequest } from './schedule-predict-request.js';

function progressOf(request: PredictionRequestRow) {
  return { done: request.images_done, failed: request.images_failed, total: request.images_total };
}

/** Changes every prediction thumbnails list's ETag when the answer's format changes. */
const ETAG_VERSION = 'prediction-thumbnails-2';
/** Prediction thumbnails' base64 held per process (see the images' THUMBNAIL_CACHE_BYTES). */
const PREDICTION_THUMBNAIL_CACHE_BYTES = 16 * 1024 * 1024;

export const registerPredictionRoutes: ApiRegistrar = ({ router, db, storage, queue, config, log }) => {
  const predictions = predictionsRepository(db);
  const thumbnailCache = new Base64Cache(PREDICTION_THUMBNAIL_CACHE_BYTES);

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
    async ({ organisation, params, request, reply }) => {
      const image = await ownedImageOr404(db, organisation.id, params.id, params.imageId);
      const rows = await predictions.listForImage(organisation.id, image.id);
      const etag = weakETag(ETAG_VERSION, [
        image.id,
        image.name,
        ...rows.flatMap((row) => [
          row.id,
          row.model_id,
          row.resolution_id,
          row.created_at,
          row.storage_prefix,
          row.mask_version,
          row.confidence ?? '',
        ]),
        // low_confidence depends on the threshold, which a restart may change.
        config.confidence.lowBelow,
      ]);
      if (notModified(request, reply, etag)) return REPLY_SENT;
      const models = [...new Set(rows.map((row) => row.model_id))];
      const resolutions = [...new Set(rows.map((row) => row.resolution_id))];
      const body = jsonArrayStream(
        rows,
        async (row) => {
          const base64 = await readBase64Copy(
            storage,
            thumbnailCache,
            {
              // The newest mask version's thumbnail: a correction shows in the strip (issue 39).
              key: storageKeys.file(currentMaskPrefix(row), predictionFiles.thumbnail),
              copyKey: storageKeys.file(currentMaskPrefix(row), predictionFiles.thumbnailBase64),
              version: `${row.created_at}-${row.mask_version}`,
            },
            (error) => log.warn({ err: error, predictionId: row.id }, 'could not keep a thumbnail as base64'),
          );
          if (!base64) return undefined;
          const confidence = judgeConfidence(row.confidence, config.confidence);
          const head =
            `{"id":${row.id},"prediction_id":${row.id},"image_name":${JSON.stringify(image.name)},` +
            `"model_id":${row.model_id},"resolution_id":${row.resolution_id},"project_id":${row.project_id},` +
            `"confidence":${JSON.stringify(confidence.confidence)},` +
            `"low_confidence":${JSON.stringify(confidence.low_confidence)},"base64_thumbnail":"`;
          return Buffer.concat([Buffer.from(head), base64, Buffer.from('"}')]);
        },
        THUMBNAIL_READS_IN_FLIGHT,
        {
          before: `{"models":${JSON.stringify(models)},"resolutions":${JSON.stringify(resolutions)},"thumbnails":`,
          after: '}',
        },
      );
      void reply.code(200).type(JSON_CONTENT_TYPE).send(body);
      return REPLY_SENT;
    },
    BASE64_IMAGE_COMPRESSION,
  );

  router.add(
    routes.getPredictionSet,
    async ({ organisation, params, request, reply }) => {
      const prediction = await predictions.findPrediction(organisation.id, params.id, params.predictionId);
      if (!prediction) throw notFound();
      return predictionSetAnswer(prediction, storage, config, request, reply);
    },
    BASE64_IMAGE_COMPRESSION,
  );
};
