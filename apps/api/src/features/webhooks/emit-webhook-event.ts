import {
  type AnyWebhookEventType,
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookEventData,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, WebhookEndpointRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { databaseJobQueue } from '../../jobs/database-job-queue.js';
import { catalogOf } from '../../jobs/job-queue.js';
import { newMessageId } from './webhook-signature.js';
import { deliveryFairKey, webhookDeliveryJob } from './webhook-delivery.job.js';
import { webhooksRepository } from './webhooks.repository.js';

// Producers anywhere (routes, the worker, billing) enqueue with the database queue directly, so an
// event is emitted with a plain function call; workers poll for the jobs.
const deliveryQueue = databaseJobQueue(catalogOf([webhookDeliveryJob]));
const queuedListeners = new Set<() => void>();
deliveryQueue.onEnqueued(() => {
  for (const listener of queuedListeners) listener();
});

/**
 * Calls `listener` after each delivery is queued, so a worker in this process looks at once rather
 * than at its next poll; answers the function that stops it (when its app closes).
 */
export function onWebhookDeliveryQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** The JSON body of one event: Standard Webhooks' envelope with the payload's version in `data`. */
export function eventBody<T extends AnyWebhookEventType>(type: T, data: WebhookEventData<T>): string {
  return JSON.stringify({ type, timestamp: nowIso(), data: { version: WEBHOOK_PAYLOAD_VERSION, ...data } });
}

/** A delivery of `body` to one endpoint and the job that makes its first attempt now. */
export async function queueDelivery(
  db: Kysely<DB>,
  endpoint: Pick<WebhookEndpointRow, 'id' | 'organisation_id'>,
  eventType: string,
  body: string,
  messageId = newMessageId(),
): Promise<number> {
  const deliveryId = await webhooksRepository(db).insertDelivery({
    endpointId: endpoint.id,
    messageId,
    eventType,
    payload: body,
  });
  await deliveryQueue.enqueue(
    db,
    'webhook-delivery',
    { deliveryId },
    { fairKey: deliveryFairKey(endpoint.organisation_id) },
  );
  return deliveryId;
}

export const subscribesTo = (endpoint: WebhookEndpointRow, type: string) =>
  (JSON.parse(endpoint.events) as string[]).includes(type);

/**
 * Sends an event to every enabled endpoint of the organisation that subscribed to it. Call it with
 * the transaction that makes the change, so the deliveries exist exactly when the change commits.
 */
export async function emitWebhookEvent<T extends Exclude<AnyWebhookEventType, 'webhook.test'>>(
  db: Kysely<DB>,
  organisationId: number,
  type: T,
  data: WebhookEventData<T>,
  only: (endpoint: WebhookEndpointRow) => boolean = () => true,
): Promise<void> {
  const targets = (await webhooksRepository(db).enabledEndpoints(organisationId)).filter(
    (endpoint) => subscribesTo(endpoint, type) && only(endpoint),
  );
  if (targets.length === 0) return;
  const body = eventBody(type, data);
  for (const endpoint of targets) await queueDelivery(db, endpoint, type, body);
}

/**
 * credits.low, after a charge took the balance from `before` to `after`: to each endpoint whose
 * threshold the charge crossed (before ≥ threshold > after), so each is told once per crossing.
 */
export async function emitCreditsLow(
  db: Kysely<DB>,
  organisationId: number,
  before: number,
  after: number,
): Promise<void> {
  const crossed = (endpoint: WebhookEndpointRow) =>
    endpoint.credits_low_threshold !== null &&
    before >= endpoint.credits_low_threshold &&
    after < endpoint.credits_low_threshold;
  // Each endpoint names its own threshold, so each gets its own body.
  const targets = (await webhooksRepository(db).enabledEndpoints(organisationId)).filter(
    (endpoint) => subscribesTo(endpoint, 'credits.low') && crossed(endpoint),
  );
  for (const endpoint of targets) {
    const body = eventBody('credits.low', { balance: after, threshold: endpoint.credits_low_threshold! });
    await queueDelivery(db, endpoint, 'credits.low', body);
  }
}
