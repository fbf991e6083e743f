import type { WorkerRegistrar } from '../../feature-context.js';
import { webhookDeliveryHandler } from './deliver-webhook.js';

/** Delivers webhooks: 'webhook-delivery' jobs. */
export const registerWebhookJobs: WorkerRegistrar = ({ jobs, db, mailer, config, log }) => {
  jobs.handle('webhook-delivery', webhookDeliveryHandler({ db, mailer, config, log }));
};
