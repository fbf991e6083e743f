import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { isoInSeconds } from '../../db/time.js';
import { databaseJobQueue } from '../../jobs/database-job-queue.js';
import { catalogOf, type JobHandler, JobInterruptedError } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { recordAudit } from '../audit/audit-log.js';
import { type AttemptOutcome, sendWebhook, succeeded } from './send-webhook.js';
import { type WebhookDeliveryPayload, deliveryFairKey, webhookDeliveryJob } from './webhook-delivery.job.js';
import { notifyDisabledEndpoint } from './disabled-endpoint-mail.js';
import { webhooksRepository } from './webhooks.repository.js';

/**
 * Seconds to wait after each failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, so the eight
 * attempts span about 28 hours before the message is given up.
 */
export const RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

const retryQueue = databaseJobQueue(catalogOf([webhookDeliveryJob]));

export interface DeliveryDependencies {
  db: Kysely<DB>;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/** The secrets that sign now: the current one, and the previous one until its day is over. */
function signingSecrets(
  delivery: { secret: string; previous_secret: string | null; previous_secret_expires_at: string | null },
  now: Date,
): string[] {
  const previousValid =
    delivery.previous_secret !== null &&
    delivery.previous_secret_expires_at !== null &&
    delivery.previous_secret_expires_at > now.toISOString();
  return previousValid ? [delivery.secret, delivery.previous_secret!] : [delivery.secret];
}

/**
 * The worker's handler of 'webhook-delivery' jobs: one attempt, recorded in the delivery log, then
 * the next attempt scheduled as a job at the back-off's time, or the message settled. An endpoint
 * whose deliveries have all failed since WEBHOOK_DISABLE_AFTER_DAYS ago is disabled, and its
 * organisation's admins and owners are e-mailed.
 */
export function webhookDeliveryHandler(deps: DeliveryDependencies): JobHandler<WebhookDeliveryPayload> {
  const { db, config, log } = deps;
  return {
    async handle({ deliveryId }, { signal }) {
      const delivery = await webhooksRepository(db).deliveryForWorker(deliveryId);
      if (!delivery || delivery.status !== 'pending') return;
      const now = new Date();
      // A disabled endpoint is sent nothing but the first attempt of a test ping asked for now.
      const askedPing = delivery.event_type === 'webhook.test' && delivery.attempt_count === 0;
      if (delivery.disabled_at !== null && !askedPing) {
        await webhooksRepository(db).settleDelivery(deliveryId, delivery.attempt_count, {
          status: 'failed',
          next_attempt_at: null,
          last_error: 'Not sent: the endpoint is disabled.',
        });
        return;
      }
      const outcome = await sendWebhook({
        url: delivery.url,
        secrets: signingSecrets(delivery, now),
        messageId: delivery.message_id,
        body: delivery.payload,
        allowPrivateTargets: config.webhooks.allowPrivateTargets,
        signal,
      });
      // Cut short by the worker stopping: not an attempt of the receiver's; the job runs again later.
      if (signal.aborted) throw new JobInterruptedError();
      const disabled = await db.transaction().execute((trx) => record(trx, delivery, outcome, now));
      if (disabled) {
        await notifyDisabledEndpoint(deps, delivery.organisation_id, delivery.url).catch((error: unknown) =>
          log.error({ err: error, endpoint: delivery.endpoint_id }, 'webhook disabled; e-mail failed'),
        );
      }
    },
  };

  /** Logs the attempt and settles or reschedules the delivery; true when it disabled the endpoint. */
  async function record(
    trx: Kysely<DB>,
    delivery: NonNullable<Awaited<ReturnType<ReturnType<typeof webhooksRepository>['deliveryForWorker']>>>,
    outcome: AttemptOutcome,
    now: Date,
  ): Promise<boolean> {
    const webhooks = webhooksRepository(trx);
    const attemptCount = delivery.attempt_count + 1;
    const ok = succeeded(outcome);
    const retryAfter = RETRY_DELAYS_SECONDS[attemptCount - 1];
    const nextAttemptAt = ok || retryAfter === undefined ? null : isoInSeconds(retryAfter, now);
    const settled = await webhooks.settleDelivery(delivery.id, delivery.attempt_count, {
      status: ok ? 'succeeded' : nextAttemptAt === null ? 'failed' : 'pending',
      attempt_count: attemptCount,
      next_attempt_at: nextAttemptAt,
      last_response_status: outcome.status,
      last_duration_ms: outcome.durationMs,
      last_response_excerpt: outcome.excerpt,
      last_error: outcome.error,
    });
    if (!settled) return false;
    await webhooks.insertAttempt(delivery.id, {
      attemptedAt: now.toISOString(),
      ...outcome,
      status: outcome.status,
    });
    if (nextAttemptAt !== null) {
      await retryQueue.enqueue(
        trx,
        'webhook-delivery',
        { deliveryId: delivery.id },
        { runAfter: nextAttemptAt, fairKey: deliveryFairKey(delivery.organisation_id) },
      );
    }
    // Other deliveries to this endpoint may have run meanwhile: each change is guarded by the
    // endpoint's state as it is now (webhooks.repository.ts), not as this attempt read it.
    const endpoint = [delivery.organisation_id, delivery.endpoint_id] as const;
    if (ok) {
      await webhooks.clearEndpointFailing(...endpoint);
      return false;
    }
    if (await webhooks.markEndpointFailing(...endpoint, now.toISOString())) return false;
    const days = config.webhooks.disableAfterDays;
    const failingSince = await webhooks.disableFailingEndpoint(
      ...endpoint,
      isoInSeconds(-days * 86_400, now),
      {
        at: now.toISOString(),
        reason: `Every delivery failed for ${days} days.`,
      },
    );
    if (failingSince === undefined) return false;
    await recordAudit(trx, {
      organisationId: delivery.organisation_id,
      actor: null,
      action: 'webhook.disable',
      target: { type: 'webhook', id: delivery.endpoint_id, label: delivery.url },
      detail: { failing_since: failingSince },
    });
    return true;
  }
}
