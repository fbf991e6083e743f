import { z } from 'zod';
import { ListPageQuery, id, isoDateTime, messages, optionalText } from './common.js';

/**
 * Issue 41 §2: webhooks. Each event is sent as Standard Webhooks' envelope `{type, timestamp, data}`;
 * `data.version` is the version of that event's payload (fields are only ever added within a version).
 */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** The events an endpoint can subscribe to; `webhook.test` is only sent by the test button. */
export const WEBHOOK_EVENT_TYPES = [
  'prediction_request.finished',
  'images.uploaded',
  'inspection.signed',
  'credits.low',
  'purchase.paid',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
export type AnyWebhookEventType = WebhookEventType | 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<AnyWebhookEventType, string> = {
  'prediction_request.finished': 'Prediction request finished',
  'images.uploaded': 'Images uploaded',
  'inspection.signed': 'Inspection signed',
  'credits.low': 'Credits below the threshold',
  'purchase.paid': 'Purchase paid',
  'webhook.test': 'Test ping',
};

/** Limits on what an admin controls. */
export const WEBHOOK_LIMITS = {
  endpointsPerOrganisation: 20,
  urlLength: 2000,
  descriptionLength: 500,
  /** Test pings and resends one endpoint may be sent per minute (429 beyond). */
  manualSendsPerMinute: 10,
  /** The largest credits.low threshold (a balance well beyond any purchase). */
  maxThreshold: 100_000_000,
} as const;

const version = z.literal(WEBHOOK_PAYLOAD_VERSION).describe('Version of this payload');

export const PredictionRequestFinishedData = z
  .object({
    version,
    prediction_request_id: id,
    project_id: id,
    status: z.enum(['DONE', 'FAILED']),
    images_total: z.number().int(),
    images_done: z.number().int(),
    images_failed: z.number().int(),
    credits_charged: z.number().int().describe('Credits taken when the request was made'),
    credits_refunded: z.number().int().describe('Credits given back for images that failed'),
    finished_at: isoDateTime,
  })
  .meta({ id: 'PredictionRequestFinishedData' });

export const ImagesUploadedData = z
  .object({
    version,
    project_id: id,
    image_ids: z.array(id),
    count: z.number().int(),
    hull_zone: z.string().nullable(),
    uploaded_by: id.nullable().describe('The user who uploaded them'),
  })
  .meta({ id: 'ImagesUploadedData' });

export const InspectionSignedData = z
  .object({
    version,
    project_id: id,
    project_name: z.string(),
    revision: z
      .number()
      .int()
      .positive()
      .describe('The signed revision; a reopened inspection signs a new one'),
    name: z.string().describe('The name the signer gave'),
    position: z.string().describe('The position the signer gave'),
    signed_by: id.nullable().describe('The user who signed'),
    signed_at: isoDateTime,
    report_sha256: z.string().describe("SHA-256 of the signed revision's report.json"),
  })
  .catchall(z.unknown())
  .meta({ id: 'InspectionSignedData' });

export const CreditsLowData = z
  .object({
    version,
    balance: z.number().int().describe('The balance after the charge that crossed the threshold'),
    threshold: z.number().int().describe("The endpoint's threshold"),
  })
  .meta({ id: 'CreditsLowData' });

export const PurchasePaidData = z
  .object({
    version,
    purchase_id: id,
    credits: z.number().int(),
    net_cents: z.number().int(),
    total_cents: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'PurchasePaidData' });

export const WebhookTestData = z
  .object({ version, webhook_id: id, message: z.string() })
  .meta({ id: 'WebhookTestData' });

/** Each event's `data`, for the OpenAPI document's `webhooks` section and for receivers. */
export const WEBHOOK_EVENT_DATA = {
  'prediction_request.finished': PredictionRequestFinishedData,
  'images.uploaded': ImagesUploadedData,
  'inspection.signed': InspectionSignedData,
  'credits.low': CreditsLowData,
  'purchase.paid': PurchasePaidData,
  'webhook.test': WebhookTestData,
} as const satisfies Record<AnyWebhookEventType, z.ZodType>;

export type WebhookEventData<T extends AnyWebhookEventType> = Omit<
  z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>,
  'version'
>;

/** The body of one delivery: Standard Webhooks' envelope around the event's data. */
export function webhookEnvelope<T extends AnyWebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: isoDateTime,
    data: WEBHOOK_EVENT_DATA[type],
  });
}

const webhookUrl = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(WEBHOOK_LIMITS.urlLength, `Ensure this field has no more than ${WEBHOOK_LIMITS.urlLength} characters.`)
  .refine((value) => !/\p{Cc}/u.test(value), messages.controlCharacters)
  .refine((value) => URL.canParse(value), 'Enter a valid URL.')
  .refine((value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol), {
    message: 'Use an http or https URL.',
  });

const eventList = z
  .array(WebhookEventType)
  .min(1, 'Choose at least one event.')
  .refine((events) => new Set(events).size === events.length, 'Name each event once.');

const threshold = z
  .number()
  .int()
  .min(1)
  .max(WEBHOOK_LIMITS.maxThreshold)
  .nullable()
  .describe('credits.low is sent when a charge takes the balance from this many credits or more to fewer');

export const WebhookCreateRequest = z
  .object({
    url: webhookUrl,
    description: optionalText(WEBHOOK_LIMITS.descriptionLength).optional(),
    events: eventList,
    credits_low_threshold: threshold.optional(),
  })
  .meta({ id: 'WebhookCreateRequest' });
export type WebhookCreateRequest = z.infer<typeof WebhookCreateRequest>;

export const WebhookUpdateRequest = z
  .object({
    url: webhookUrl.optional(),
    description: optionalText(WEBHOOK_LIMITS.descriptionLength).optional(),
    events: eventList.optional(),
    credits_low_threshold: threshold.optional(),
    enabled: z.boolean().optional().describe('Enabling again clears the reason it was disabled'),
  })
  .meta({ id: 'WebhookUpdateRequest' });
export type WebhookUpdateRequest = z.infer<typeof WebhookUpdateRequest>;

export const WebhookEndpoint = z
  .object({
    id,
    url: z.string(),
    description: z.string(),
    events: z.array(WebhookEventType),
    credits_low_threshold: z.number().int().nullable(),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable(),
    disabled_at: isoDateTime.nullable(),
    previous_secret_expires_at: isoDateTime
      .nullable()
      .describe('Until then deliveries are signed with the previous secret too'),
    created_by: z.string().nullable().describe('Username of the admin who created it'),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.array(WebhookEndpoint);

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().describe('whsec_…: shown only now; verify signatures with it'),
}).meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const WebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const WebhookAttempt = z
  .object({
    attempted_at: isoDateTime,
    response_status: z.number().int().nullable(),
    duration_ms: z.number().int(),
    response_excerpt: z.string().nullable().describe("The response body's first kilobyte"),
    error: z.string().nullable().describe('Why no response was read (refused target, timeout, …)'),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookDelivery = z
  .object({
    id,
    message_id: z.string().describe('The webhook-id header: the same on every attempt and resend'),
    event_type: z.string(),
    status: WebhookDeliveryStatus,
    attempt_count: z.number().int(),
    next_attempt_at: isoDateTime.nullable(),
    created_at: isoDateTime,
    payload: z.record(z.string(), z.unknown()),
    attempts: z.array(WebhookAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.array(WebhookDelivery);

export const WebhookParams = z.object({
  webhookId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const WebhookDeliveryParams = WebhookParams.extend({
  deliveryId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const WebhookDeliveriesQuery = ListPageQuery;
