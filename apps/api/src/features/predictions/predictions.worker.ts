import type { WorkerRegistrar } from '../../feature-context.js';
import { predictRequestHandler } from './run-predict-request.js';

/** Runs paid prediction requests: 'predict-request' jobs. */
export const registerPredictionJobs: WorkerRegistrar = ({ jobs, db, storage, sessions, config, log }) => {
  jobs.handle(
    'predict-request',
    predictRequestHandler({
      db,
      storage,
      sessions,
      maxPixels: config.uploads.maxPixels,
      maxTilePixels: config.inference.maxTilePixels,
      imagesInFlight: config.worker.imagesInFlight,
      log,
    }),
  );
};
