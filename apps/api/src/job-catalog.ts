import { dataExportJob } from './features/exports/data-export.job.js';
import { predictRequestJob } from './features/predictions/predict-request.job.js';
import { webhookDeliveryJob } from './features/webhooks/webhook-delivery.job.js';
import { type JobQueue, catalogOf } from './jobs/job-queue.js';

/**
 * Every kind of job, by name. Producers enqueue by name with a payload checked against it; a worker
 * must register exactly one handler for each (worker.ts checks at start-up).
 */
export const jobCatalog = catalogOf([predictRequestJob, dataExportJob, webhookDeliveryJob]);

export type AppJobCatalog = typeof jobCatalog;
export type AppJobQueue = JobQueue<AppJobCatalog>;
