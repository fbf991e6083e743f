import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DB } from './db/schema.js';
import type { WorkerRegistrar } from './feature-context.js';
import { registerExportJobs } from './features/exports/exports.worker.js';
import { registerPredictionJobs } from './features/predictions/predictions.worker.js';
import { registerWebhookJobs } from './features/webhooks/webhooks.worker.js';
import { SessionCache } from './inference/session-cache.js';
import { jobCatalog } from './job-catalog.js';
import { databaseJobRunner } from './jobs/database-job-runner.js';
import { keepReleasingStaleKeptInputs } from './features/images/kept-standard-input.js';
import { keepFinishedJobsRetention } from './jobs/finished-jobs-retention.js';
import { jobHandlers } from './jobs/job-handlers.js';
import type { JobRunner } from './jobs/job-queue.js';
import type { Mailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';

/** The features that run jobs, each registering its handlers by job name. */
const workerFeatures: WorkerRegistrar[] = [registerPredictionJobs, registerExportJobs, registerWebhookJobs];

export interface WorkerAdapters {
  db: Kysely<DB>;
  storage: Storage;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Builds the worker: the inference threads' session cache, one handler for every catalogued job
 * (refused at start-up when one is missing or registered twice) and the runner that claims jobs
 * from the shared table, and the daily removal of jobs that ended long ago and of model inputs
 * uploads kept that no prediction used (kept-standard-input.ts). Started by the caller;
 * `stop` lets running images finish, requeues the rest and releases the model sessions.
 */
export async function buildWorker({ db, storage, mailer, config, log }: WorkerAdapters): Promise<JobRunner> {
  const sessions = new SessionCache(
    config.inference.threads,
    config.inference.parallelRuns,
    config.inference.idleReleaseSeconds * 1000,
    config.inference.modelsKept,
  );
  try {
    const jobs = jobHandlers(jobCatalog);
    for (const register of workerFeatures)
      await register({ db, storage, sessions, jobs, mailer, config, log });
    const runner = databaseJobRunner(db, jobs.complete(), config.worker, log);
    const retention = new AbortController();
    return {
      start() {
        runner.start();
        keepFinishedJobsRetention(db, config.worker.finishedJobRetentionDays, log, retention.signal);
        keepReleasingStaleKeptInputs(db, storage, log, retention.signal);
      },
      wake: () => runner.wake(),
      async stop() {
        retention.abort();
        await runner.stop();
        await sessions.close();
      },
    };
  } catch (error) {
    await sessions.close();
    throw error;
  }
}
