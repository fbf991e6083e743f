import { z } from 'zod';
import { defineJob } from '../../jobs/job-queue.js';

/**
 * One attempt at delivering one webhook message (deliver-webhook.ts). The handler schedules the next
 * attempt itself, as a new job at the back-off's time; the runner's own retries only cover an attempt
 * that could not even be recorded (the database failing).
 */
export const webhookDeliveryJob = defineJob(
  'webhook-delivery',
  z.object({ deliveryId: z.number().int().positive() }),
  { maxAttempts: 3, lane: 'deliveries' },
);

export type WebhookDeliveryPayload = z.infer<typeof webhookDeliveryJob.payload>;

/**
 * Every attempt's job is enqueued with its organisation's fair key, so no more than
 * WORKER_DELIVERIES_PER_ORGANISATION of one organisation's deliveries run at once across the workers:
 * one organisation's slow receiver and backlog cannot hold up every other organisation's webhooks.
 */
export const deliveryFairKey = (organisationId: number) => `org:${organisationId}`;
