import type { Kysely, Updateable } from 'kysely';
import type {
  DB,
  WebhookAttemptRow,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookEndpointRow,
  WebhookEndpointsTable,
} from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

export type EndpointWithCreator = WebhookEndpointRow & { created_by_name: string | null };

export interface NewEndpoint {
  organisationId: number;
  url: string;
  description: string;
  events: string[];
  creditsLowThreshold: number | null;
  secret: string;
  createdBy: number | null;
}

export interface NewDelivery {
  endpointId: number;
  messageId: string;
  eventType: string;
  payload: string;
}

export interface AttemptRecord {
  attemptedAt: string;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/** All the webhook feature's SQL; every endpoint read by id is scoped to its organisation. */
export function webhooksRepository(db: Kysely<DB>) {
  const endpoints = () =>
    db
      .selectFrom('webhook_endpoints')
      .leftJoin('users', 'users.id', 'webhook_endpoints.created_by')
      .selectAll('webhook_endpoints')
      .select('users.username as created_by_name');

  return {
    listEndpoints(organisationId: number): Promise<EndpointWithCreator[]> {
      return endpoints()
        .where('webhook_endpoints.organisation_id', '=', organisationId)
        .orderBy('webhook_endpoints.id')
        .execute();
    },

    findEndpoint(organisationId: number, endpointId: number): Promise<EndpointWithCreator | undefined> {
      return endpoints()
        .where('webhook_endpoints.organisation_id', '=', organisationId)
        .where('webhook_endpoints.id', '=', endpointId)
        .executeTakeFirst();
    },

    async countEndpoints(organisationId: number): Promise<number> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertEndpoint(endpoint: NewEndpoint): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('webhook_endpoints')
        .values({
          organisation_id: endpoint.organisationId,
          url: endpoint.url,
          description: endpoint.description,
          events: JSON.stringify(endpoint.events),
          credits_low_threshold: endpoint.creditsLowThreshold,
          secret: endpoint.secret,
          created_by: endpoint.createdBy,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateEndpoint(
      organisationId: number,
      endpointId: number,
      changes: Updateable<WebhookEndpointsTable>,
    ): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ ...changes, updated_at: nowIso() })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', endpointId)
        .execute();
    },

    /**
     * A new signing secret, the one it replaces kept until `previousExpiresAt`. The replaced secret is
     * read as the row is written, so two rotations at once each keep the other's secret as the
     * previous one rather than both keeping the same and losing one.
     */
    async rotateSecret(
      organisationId: number,
      endpointId: number,
      secret: string,
      previousExpiresAt: string,
    ): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          secret,
          previous_secret: eb.ref('secret'),
          previous_secret_expires_at: previousExpiresAt,
          updated_at: nowIso(),
        }))
        .where('organisation_id', '=', organisationId)
        .where('id', '=', endpointId)
        .execute();
    },

    /**
     * The endpoint's state after one delivery attempt. Deliveries to one endpoint run side by side,
     * so each change is guarded by the state it expects, read when it is written, not when the
     * attempt began: the first failure starts the failing period, any success ends it.
     */
    async clearEndpointFailing(organisationId: number, endpointId: number): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: null, updated_at: nowIso() })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', endpointId)
        .where('failing_since', 'is not', null)
        .execute();
    },

    /** Starts the failing period at `now`; false when one had already started. */
    async markEndpointFailing(organisationId: number, endpointId: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: now, updated_at: nowIso() })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', endpointId)
        .where('failing_since', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Disables the endpoint if it is still enabled and has been failing since `failingBefore` or
     * earlier; answers the start of that failing period, or undefined when nothing was disabled
     * (another delivery disabled it first, or one succeeded meanwhile).
     */
    async disableFailingEndpoint(
      organisationId: number,
      endpointId: number,
      failingBefore: string,
      disabled: { at: string; reason: string },
    ): Promise<string | undefined> {
      const row = await db
        .updateTable('webhook_endpoints')
        .set({ disabled_at: disabled.at, disabled_reason: disabled.reason, updated_at: nowIso() })
        .where('organisation_id', '=', organisationId)
        .where('id', '=', endpointId)
        .where('disabled_at', 'is', null)
        .where('failing_since', '<=', failingBefore)
        .returning('failing_since')
        .executeTakeFirst();
      return row?.failing_since ?? undefined;
    },

    async deleteEndpoint(organisationId: number, endpointId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('webhook_endpoints')
        .where('organisation_id', '=', organisationId)
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The organisation's enabled endpoints: who an event may go to. */
    enabledEndpoints(organisationId: number): Promise<WebhookEndpointRow[]> {
      return db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('organisation_id', '=', organisationId)
        .where('disabled_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    async insertDelivery(delivery: NewDelivery): Promise<number> {
      const now = nowIso();
      const row = await db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: delivery.endpointId,
          message_id: delivery.messageId,
          event_type: delivery.eventType,
          payload: delivery.payload,
          status: 'pending',
          next_attempt_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    findDelivery(endpointId: number, deliveryId: number): Promise<WebhookDeliveryRow | undefined> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
    },

    /** A delivery with its endpoint, for the worker (no organisation: the job names the delivery). */
    deliveryForWorker(deliveryId: number) {
      return db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .selectAll('webhook_deliveries')
        .select([
          'webhook_endpoints.organisation_id',
          'webhook_endpoints.url',
          'webhook_endpoints.description',
          'webhook_endpoints.secret',
          'webhook_endpoints.previous_secret',
          'webhook_endpoints.previous_secret_expires_at',
          'webhook_endpoints.disabled_at',
          'webhook_endpoints.failing_since',
        ])
        .where('webhook_deliveries.id', '=', deliveryId)
        .executeTakeFirst();
    },

    async countDeliveries(endpointId: number): Promise<number> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('endpoint_id', '=', endpointId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listDeliveries(
      endpointId: number,
      page: { offset: number; limit: number },
    ): Promise<WebhookDeliveryRow[]> {
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
    },

    attemptsOf(deliveryIds: number[]): Promise<WebhookAttemptRow[]> {
      if (deliveryIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('id')
        .execute();
    },

    async insertAttempt(deliveryId: number, attempt: AttemptRecord): Promise<void> {
      await db
        .insertInto('webhook_attempts')
        .values({
          delivery_id: deliveryId,
          attempted_at: attempt.attemptedAt,
          response_status: attempt.status,
          duration_ms: attempt.durationMs,
          response_excerpt: attempt.excerpt,
          error: attempt.error,
        })
        .execute();
    },

    /**
     * Records the outcome of the attempt numbered `attemptCount`; false when another run already
     * recorded that attempt (a job taken twice), which then changes nothing here.
     */
    async settleDelivery(
      deliveryId: number,
      seenAttemptCount: number,
      changes: Updateable<WebhookDeliveriesTable>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ ...changes, updated_at: nowIso() })
        .where('id', '=', deliveryId)
        .where('status', '=', 'pending')
        .where('attempt_count', '=', seenAttemptCount)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The organisation's admins and owners, who are told when an endpoint is disabled. */
    administrators(organisationId: number) {
      return db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select(['users.email', 'users.first_name'])
        .where('memberships.organisation_id', '=', organisationId)
        .where('memberships.role', 'in', ['admin', 'owner'])
        .orderBy('users.id')
        .execute();
    },
  };
}
