import {
  WEBHOOK_LIMITS,
  type WebhookCreateRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  type WebhookUpdateRequest,
} from '@hullscope/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointsTable } from '../../db/schema.js';
import { isoInSeconds, nowIso } from '../../db/time.js';
import { conflict, fieldErrors, notFound, tooManyRequests } from '../../http/api-error.js';
import { requestRateLimit } from '../auth/request-rate-limit.js';
import { type AuditEntry, recordAudit } from '../audit/audit-log.js';
import { eventBody, queueDelivery } from './emit-webhook-event.js';
import { newWebhookSecret } from './webhook-signature.js';
import { ForbiddenTargetError, checkTargetNow } from './webhook-target.js';
import { type EndpointWithCreator, webhooksRepository } from './webhooks.repository.js';

/** How long the previous secret keeps signing after a rotation. */
export const PREVIOUS_SECRET_VALID_SECONDS = 24 * 3600;
const DEFAULT_PAGE = 50;

export function toWebhookEndpoint(row: EndpointWithCreator): WebhookEndpoint {
  const previousValid = row.previous_secret_expires_at !== null && row.previous_secret_expires_at > nowIso();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as WebhookEventType[],
    credits_low_threshold: row.credits_low_threshold,
    enabled: row.disabled_at === null,
    disabled_reason: row.disabled_reason,
    disabled_at: row.disabled_at,
    previous_secret_expires_at: previousValid ? row.previous_secret_expires_at : null,
    created_by: row.created_by_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toWebhookDelivery(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        attempted_at: attempt.attempted_at,
        response_status: attempt.response_status,
        duration_ms: attempt.duration_ms,
        response_excerpt: attempt.response_excerpt,
        error: attempt.error,
      })),
  };
}

type Actor = Pick<AuditEntry, 'actor' | 'clientAddress'>;

/**
 * Issue 41 §2: an organisation's webhook endpoints. Every read by id is scoped to the organisation, so
 * another organisation's endpoint or delivery is a 404 like an unknown one.
 */
export function webhooksService(db: Kysely<DB>, config: Config) {
  const webhooks = webhooksRepository(db);

  async function endpointOr404(organisationId: number, endpointId: number): Promise<EndpointWithCreator> {
    const endpoint = await webhooks.findEndpoint(organisationId, endpointId);
    if (!endpoint) throw notFound();
    return endpoint;
  }

  /** Test pings and resends share the job queue with predictions: a bounded number per endpoint. */
  async function takeManualSend(endpointId: number): Promise<void> {
    const limit = WEBHOOK_LIMITS.manualSendsPerMinute;
    if (!(await requestRateLimit(db).take(`webhook-send:${endpointId}`, limit, 60))) {
      throw tooManyRequests(
        `At most ${limit} test pings and resends a minute per endpoint. Try again shortly.`,
        60,
      );
    }
  }

  async function checkTarget(url: string): Promise<void> {
    try {
      await checkTargetNow(url, config.webhooks.allowPrivateTargets);
    } catch (error) {
      if (error instanceof ForbiddenTargetError) throw fieldErrors({ url: [error.message] });
      throw error;
    }
  }

  async function audit(
    organisationId: number,
    actor: Actor,
    action: AuditEntry['action'],
    endpoint: { id: number; url: string },
    detail?: Record<string, unknown>,
  ) {
    await recordAudit(db, {
      organisationId,
      ...actor,
      action,
      target: { type: 'webhook', id: endpoint.id, label: endpoint.url },
      detail,
    });
  }

  async function deliveryAnswer(endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
    const row = await webhooks.findDelivery(endpointId, deliveryId);
    if (!row) throw notFound();
    return toWebhookDelivery(row, await webhooks.attemptsOf([row.id]));
  }

  return {
    async list(organisationId: number): Promise<WebhookEndpoint[]> {
      return (await webhooks.listEndpoints(organisationId)).map(toWebhookEndpoint);
    },

    async create(
      organisationId: number,
      userId: number,
      request: WebhookCreateRequest,
      actor: Actor,
    ): Promise<WebhookEndpointWithSecret> {
      if ((await webhooks.countEndpoints(organisationId)) >= WEBHOOK_LIMITS.endpointsPerOrganisation) {
        throw conflict(
          `An organisation may have at most ${WEBHOOK_LIMITS.endpointsPerOrganisation} webhook endpoints: delete one first.`,
        );
      }
      await checkTarget(request.url);
      const secret = newWebhookSecret();
      const id = await webhooks.insertEndpoint({
        organisationId,
        url: request.url,
        description: request.description ?? '',
        events: request.events,
        creditsLowThreshold: request.credits_low_threshold ?? null,
        secret,
        createdBy: userId,
      });
      await audit(
        organisationId,
        actor,
        'webhook.create',
        { id, url: request.url },
        { events: request.events },
      );
      return { ...toWebhookEndpoint(await endpointOr404(organisationId, id)), secret };
    },

    async update(
      organisationId: number,
      endpointId: number,
      request: WebhookUpdateRequest,
      actor: Actor,
    ): Promise<WebhookEndpoint> {
      const endpoint = await endpointOr404(organisationId, endpointId);
      if (request.url !== undefined && request.url !== endpoint.url) await checkTarget(request.url);
      const changes: Updateable<WebhookEndpointsTable> = {};
      if (request.url !== undefined) changes.url = request.url;
      if (request.description !== undefined) changes.description = request.description;
      if (request.events !== undefined) changes.events = JSON.stringify(request.events);
      if (request.credits_low_threshold !== undefined)
        changes.credits_low_threshold = request.credits_low_threshold;
      if (request.enabled === true && endpoint.disabled_at !== null) {
        // A fresh start: the days of failing counted before do not count against it again.
        Object.assign(changes, { disabled_at: null, disabled_reason: null, failing_since: null });
      }
      if (request.enabled === false && endpoint.disabled_at === null) {
        Object.assign(changes, {
          disabled_at: nowIso(),
          disabled_reason: `Disabled by ${actor.actor?.username ?? 'an admin'}.`,
        });
      }
      await webhooks.updateEndpoint(organisationId, endpointId, changes);
      const changed = Object.keys(request).filter((key) => key !== 'url' || request.url !== endpoint.url);
      await audit(
        organisationId,
        actor,
        'webhook.update',
        { id: endpointId, url: request.url ?? endpoint.url },
        { changed },
      );
      return toWebhookEndpoint(await endpointOr404(organisationId, endpointId));
    },

    async remove(organisationId: number, endpointId: number, actor: Actor): Promise<void> {
      const endpoint = await endpointOr404(organisationId, endpointId);
      await webhooks.deleteEndpoint(organisationId, endpointId);
      await audit(organisationId, actor, 'webhook.delete', endpoint);
    },

    async rotateSecret(
      organisationId: number,
      endpointId: number,
      actor: Actor,
    ): Promise<WebhookEndpointWithSecret> {
      const endpoint = await endpointOr404(organisationId, endpointId);
      const secret = newWebhookSecret();
      await webhooks.rotateSecret(
        organisationId,
        endpointId,
        secret,
        isoInSeconds(PREVIOUS_SECRET_VALID_SECONDS),
      );
      await audit(organisationId, actor, 'webhook.rotate_secret', endpoint);
      return { ...toWebhookEndpoint(await endpointOr404(organisationId, endpointId)), secret };
    },

    /** A webhook.test event to this endpoint alone, sent even while it is disabled (to try it first). */
    async test(organisationId: number, endpointId: number): Promise<WebhookDelivery> {
      const endpoint = await endpointOr404(organisationId, endpointId);
      await takeManualSend(endpoint.id);
      const body = eventBody('webhook.test', {
        webhook_id: endpoint.id,
        message: 'A test event from Hullscope: this endpoint receives and verifies its webhooks.',
      });
      const deliveryId = await db
        .transaction()
        .execute((trx) => queueDelivery(trx, endpoint, 'webhook.test', body));
      return deliveryAnswer(endpoint.id, deliveryId);
    },

    async deliveries(
      organisationId: number,
      endpointId: number,
      page: { offset?: number; limit?: number },
    ): Promise<{ total: number; deliveries: WebhookDelivery[] }> {
      await endpointOr404(organisationId, endpointId);
      const rows = await webhooks.listDeliveries(endpointId, {
        offset: page.offset ?? 0,
        limit: page.limit ?? DEFAULT_PAGE,
      });
      const attempts = await webhooks.attemptsOf(rows.map((row) => row.id));
      return {
        total: await webhooks.countDeliveries(endpointId),
        deliveries: rows.map((row) => toWebhookDelivery(row, attempts)),
      };
    },

    /** The same message (same webhook-id and body) as a new delivery with its own attempts. */
    async resend(organisationId: number, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
      const endpoint = await endpointOr404(organisationId, endpointId);
      const original = await webhooks.findDelivery(endpoint.id, deliveryId);
      if (!original) throw notFound();
      if (endpoint.disabled_at !== null && original.event_type !== 'webhook.test') {
        throw conflict('The endpoint is disabled: enable it to send it messages again.');
      }
      await takeManualSend(endpoint.id);
      const resentId = await db
        .transaction()
        .execute((trx) =>
          queueDelivery(trx, endpoint, original.event_type, original.payload, original.message_id),
        );
      return deliveryAnswer(endpoint.id, resentId);
    },
  };
}
