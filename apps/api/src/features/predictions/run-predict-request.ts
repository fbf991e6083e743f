import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, PredictionRequestRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { inTransaction } from '../../db/transaction.js';
import { roundConfidence } from '../../inference/confidence.js';
import type { SessionCache } from '../../inference/session-cache.js';
import { InferenceThreadError } from '../../inference/inference-thread.js';
import { type ImagePrediction, predictImage } from '../../inference/predict-image.js';
import { forEachConcurrently } from '../../lib/for-each-concurrently.js';
import { type JobHandler, JobInterruptedError } from '../../jobs/job-queue.js';
import { base64Bytes } from '../../storage/base64-copy.js';
import type { Storage } from '../../storage/storage.js';
import { predictionFiles, storageKeys } from '../../storage/storage-keys.js';
import { creditAccount } from '../credits/ledger.js';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event.js';
import { contentVersionsRepository } from '../projects/content-versions.repository.js';
import { manifestOf, modelsRepository } from '../models/models.repository.js';
import { type PredictRequestPayload, predictRequestJob } from './predict-request.job.js';
import { releaseKeptInput } from '../images/kept-standard-input.js';
import { predictionPixels } from './prediction-pixels.js';
import { type PendingImage, predictionRunsRepository } from './prediction-runs.repository.js';

export interface PredictJobDependencies {
  db: Kysely<DB>;
  storage: Storage;
  sessions: SessionCache;
  maxPixels: number;
  maxTilePixels: number;
  /** Images of one request worked at once (WORKER_IMAGES_IN_FLIGHT). */
  imagesInFlight: number;
  log: FastifyBaseLogger;
}

/**
 * Marks the image failed and refunds what it was charged, in one transaction; then removes any results an
 * earlier attempt stored for it (a crash after storing, before recording), which nothing will ever
 * point at.
 */
async function failImage(
  { db, storage }: Pick<PredictJobDependencies, 'db' | 'storage'>,
  request: PredictionRequestRow,
  image: PendingImage,
  reason: string,
) {
  const failed = await inTransaction(db, async (trx) => {
    const runs = predictionRunsRepository(trx);
    if (!(await runs.markImageFailed(image.rowId, reason))) return false;
    await runs.countImageFailed(request.id);
    // What this image was charged: with fair pricing it may be less than the request's price.
    const charged = image.price ?? request.price_per_image;
    if (charged > 0) {
      await creditAccount(trx, {
        organisationId: request.owner,
        amount: charged,
        kind: 'refund',
        predictionRequestId: request.id,
        reason: `Refund: ${image.name} could not be processed`,
      });
    }
    return true;
  });
  if (failed) await storage.deletePrefix(storageKeys.requestResults(image.prefix, request.id));
}

/**
 * Writes an image's ORG, PRED and thumbnail (and its base64 copy) under `prefix` (also what
 * bench:predict stores). Not STAT: most are never looked at, so it is drawn when first asked for
 * (stat-chart-file.ts).
 */
export async function storePredictionFiles(storage: Storage, prefix: string, result: ImagePrediction) {
  await Promise.all([
    storage.putBuffer(storageKeys.file(prefix, predictionFiles.org), result.org),
    storage.putBuffer(storageKeys.file(prefix, predictionFiles.pred), result.pred),
    storage.putBuffer(storageKeys.file(prefix, predictionFiles.thumbnail), result.thumbnail),
    storage.putBuffer(
      storageKeys.file(prefix, predictionFiles.thumbnailBase64),
      base64Bytes(result.thumbnail),
    ),
  ]);
}

/**
 * Stores one image's results and marks it done in one transaction; false when the image was no
 * longer PENDING (another worker holding the same job recorded or refunded it first). The prefix is
 * fixed per image and request, so a retry after a crash overwrites rather than duplicates; the
 * unique (image, model, resolution) index makes a second row impossible.
 */
async function storeResult(
  deps: PredictJobDependencies,
  request: PredictionRequestRow,
  image: PendingImage,
  result: ImagePrediction,
  model: { name: string; version: string },
): Promise<boolean> {
  const prefix = storageKeys.requestResults(image.prefix, request.id);
  await storePredictionFiles(deps.storage, prefix, result);
  return deps.db.transaction().execute(async (trx) => {
    // Claimed first, guarded: if another worker already finished or refunded this image (a job taken
    // again after its lease ran out), nothing is recorded twice.
    const runs = predictionRunsRepository(trx);
    if (!(await runs.markImageDone(image.rowId))) return false;
    await runs.insertPrediction({
      request,
      imageId: image.imageId,
      modelVersion: model.version,
      modelName: model.name,
      percentages: result.percentages,
      surfacePixels: result.surfacePixels,
      confidence: roundConfidence(result.confidence),
      width: result.width,
      height: result.height,
      storagePrefix: prefix,
    });
    await runs.countImageDone(request.id);
    await contentVersionsRepository(trx).raise(request.project_id, 'predictions');
    return true;
  });
}

/** Ends the request once, and tells the organisation's webhooks in the same transaction. */
async function finish(db: Kysely<DB>, requestId: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const runs = predictionRunsRepository(trx);
    const request = await runs.findRequest(requestId);
    if (!request) return;
    // DONE with what succeeded; FAILED only when nothing did.
    const status = request.images_done > 0 || request.images_total === 0 ? 'DONE' : 'FAILED';
    if (!(await runs.markFinished(requestId, status))) return;
    const credits = await runs.creditsMoved(requestId);
    await emitWebhookEvent(trx, request.owner, 'prediction_request.finished', {
      prediction_request_id: request.id,
      project_id: request.project_id,
      status,
      images_total: request.images_total,
      images_done: request.images_done,
      images_failed: request.images_failed,
      credits_charged: credits.charged,
      credits_refunded: credits.refunded,
      finished_at: nowIso(),
    });
  });
}

/** Tries per image and runs in a row without progress before the job stops trying. */
const ATTEMPTS = predictRequestJob.maxAttempts;

/** The worker's handler of 'predict-request' jobs. */
export function predictRequestHandler(deps: PredictJobDependencies): JobHandler<PredictRequestPayload> {
  const { db, log } = deps;
  const runs = predictionRunsRepository(db);

  /**
   * Crashes are counted where they happen rather than per request. An image that workers began
   * ATTEMPTS times without finishing brought each of them down (after the first crash it runs
   * alone), so it alone is refunded and the batch goes on. Runs that settle no image at all (a
   * model that cannot load, say) end the request after ATTEMPTS of them, refunding what is left.
   * Answers whether the request is still to be worked.
   */
  async function settleCrashes(request: PredictionRequestRow): Promise<boolean> {
    for (const image of await runs.pendingImages(request.id)) {
      if (image.starts < ATTEMPTS) continue;
      log.warn(
        { requestId: request.id, imageId: image.imageId },
        'image stopped its worker repeatedly; refunded',
      );
      await failImage(deps, request, image, `This image stopped the worker ${image.starts} times.`);
    }
    if ((await runs.countRun(request.id)) <= ATTEMPTS) return true;
    log.error(
      { requestId: request.id },
      'prediction request made no progress in its last runs; rest refunded',
    );
    for (const image of await runs.pendingImages(request.id)) {
      await failImage(deps, request, image, 'The prediction could not be run.');
    }
    await finish(db, request.id);
    return false;
  }

  return {
    async handle({ requestId }, { signal }) {
      const request = await runs.findRequest(requestId);
      if (!request || request.status === 'DONE' || request.status === 'FAILED') return;
      if (!(await settleCrashes(request))) return;
      await runs.markRunning(requestId, request.started_at ?? nowIso());
      const models = modelsRepository(db);
      const model = await models.findModel(request.model_id);
      const resolution = await models.findResolution(request.resolution_id);
      if (!model || !resolution)
        throw new Error(`model ${request.model_id} or resolution ${request.resolution_id} is gone`);
      const manifest = manifestOf(model);
      const session = await deps.sessions.get(model.filename, manifest.input);

      /** One image: predicted and recorded, or failed and refunded; nothing new once stopping. */
      const predictOne = async (image: PendingImage) => {
        if (signal.aborted) return;
        await runs.countImageStart(image.rowId);
        let result: ImagePrediction;
        let releaseKept = false;
        try {
          result = await predictImage(
            async () => {
              const pixels = await predictionPixels(
                deps.storage,
                { ...image, standardInputKept: image.standardInputKept === 1 },
                resolution.resolution,
                deps.maxPixels,
                (error) =>
                  log.warn(
                    { err: error, imageId: image.imageId },
                    "the upload's kept model input could not be read; the original is decoded instead",
                  ),
              );
              releaseKept = pixels.releaseKept;
              return pixels.rgb;
            },
            { session, manifest, maxTilePixels: deps.maxTilePixels },
          );
        } catch (error) {
          // A dead inference thread is not the image's fault: the job fails and is retried instead.
          if (error instanceof InferenceThreadError) throw error;
          log.warn(
            { err: error, requestId, imageId: image.imageId },
            'image could not be processed; refunded',
          );
          await failImage(deps, request, image, error instanceof Error ? error.message : String(error));
          return;
        }
        const storing = performance.now();
        if (
          !(await storeResult(deps, request, image, result, {
            name: manifest.name,
            version: model.version,
          }))
        ) {
          // Another worker holding the same job settled the image first. If it recorded it, its row
          // points at the files just written (same prefix); if it refunded it, nothing ever will.
          const recorded = await runs.isImageDone(image.rowId);
          if (!recorded)
            await deps.storage.deletePrefix(storageKeys.requestResults(image.prefix, request.id));
          log.warn(
            { requestId, imageId: image.imageId },
            recorded
              ? 'image already recorded by another worker'
              : 'image already refunded by another worker',
          );
          return;
        }
        const storeMs = performance.now() - storing;
        // Its one use is done (or it was unusable): a later prediction at this resolution decodes
        // the original to the same pixels. Left behind, the daily sweep deletes it.
        if (releaseKept) {
          await releaseKeptInput(db, deps.storage, { id: image.imageId, prefix: image.prefix }).catch(
            (error: unknown) =>
              log.warn(
                { err: error, imageId: image.imageId },
                "the upload's kept model input was not deleted",
              ),
          );
        }
        log.info(
          {
            requestId,
            imageId: image.imageId,
            ...Object.fromEntries(
              Object.entries({ ...result.timings, storeMs }).map(([stage, ms]) => [stage, Math.round(ms)]),
            ),
          },
          'image predicted',
        );
      };

      // A restarted job lists only what is still PENDING, so a job retried after a crash never runs a
      // finished image again (two workers holding one job may both run it; only one records it).
      let failure: { error: unknown } | undefined;
      const pending = await runs.pendingImages(requestId);
      try {
        // Images a crash cut off go first, one at a time: if one brings the worker down again, the
        // crash is counted against it alone, not against an image that happened to run beside it.
        await forEachConcurrently(
          pending.filter((image) => image.starts > 0),
          1,
          predictOne,
        );
        await forEachConcurrently(
          pending.filter((image) => image.starts === 0),
          deps.imagesInFlight,
          predictOne,
        );
      } catch (error) {
        failure = { error };
      }
      // Stopped with images left: requeued as is (whatever else failed meanwhile), so neither the
      // attempt nor this run is counted and no skipped image is refunded as if it had failed.
      if (signal.aborted && (await runs.pendingImages(requestId)).length > 0) {
        await runs.uncountRun(requestId);
        throw new JobInterruptedError();
      }
      if (failure) throw failure.error;
      await finish(db, requestId);
    },
  };
}
