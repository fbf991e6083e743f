import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Router } from '../../http/router.js';
import { SessionCache } from '../../inference/session-cache.js';
import { databaseQueue } from '../../jobs/database-queue.js';
import { createJobRegistry } from '../../jobs/job-registry.js';
import type { JobDefinition } from '../../jobs/job-queue.js';
import type { Storage } from '../../storage/storage.js';
import { registerDownloadRoutes } from '../downloads/downloads.routes.js';
import { registerImageRoutes } from '../images/images.routes.js';
import { registerBundledModels } from '../models/model-registration.js';
import { registerModelRoutes } from '../models/models.routes.js';
import { registerPredictionRoutes } from './predictions.routes.js';
import { predictRequestJob } from './run-predict-request.js';

export interface PredictionPipeline {
  /** Stops the worker (running images finish, the rest is requeued) and releases model sessions. */
  stop(): Promise<void>;
}

/**
 * Images, models, predictions and downloads: registers the bundled models, the routes, the job
 * queue and (unless WORKER_ENABLED=false) the in-process worker, started once the app is ready.
 */
export async function registerPredictionPipeline(
  app: FastifyInstance,
  router: Router,
  { db, storage, config }: { db: Kysely<DB>; storage: Storage; config: Config },
): Promise<PredictionPipeline> {
  await app.register(multipart, {
    limits: {
      fileSize: config.uploads.maxFileBytes,
      files: config.uploads.maxFiles + 1,
      fields: 20,
      parts: config.uploads.maxFiles + 21,
    },
    throwFileSizeLimit: false,
  });
  await registerBundledModels(db, config.modelsDir, app.log);

  const sessions = new SessionCache(config.inference.threads, config.inference.parallelRuns);
  const predictJob = predictRequestJob({
    db,
    storage,
    sessions,
    maxPixels: config.uploads.maxPixels,
    maxTilePixels: config.inference.maxTilePixels,
    imagesInFlight: config.worker.imagesInFlight,
    log: app.log,
  });
  const registry = createJobRegistry([predictJob as JobDefinition<unknown>]);
  const queue = databaseQueue(db, registry, config.worker, app.log);

  registerModelRoutes(router, db);
  registerImageRoutes(router, { db, storage, config, log: app.log });
  registerPredictionRoutes(router, { db, storage, queue, predictJob });
  registerDownloadRoutes(router, db, storage);

  if (config.worker.enabled) app.addHook('onReady', async () => queue.start());
  return {
    async stop() {
      await queue.stop();
      await sessions.close();
    },
  };
}
