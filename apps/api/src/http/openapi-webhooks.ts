import {
  type AnyWebhookEventType,
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENT_LABELS,
  webhookEnvelope,
} from '@hullscope/contract';
import { z } from 'zod';

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The message id (msg_…): the same on every attempt and resend; deduplicate by it',
  },
  { name: 'webhook-timestamp', description: 'Seconds since the Unix epoch when this attempt was signed' },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` signatures, keyed by the secret after `whsec_` (base64-decoded); two during the day after a secret rotation',
  },
].map((header) => ({ in: 'header', required: true, schema: { type: 'string' }, ...header }));

const operationIdOf = (type: string) =>
  `webhook${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;

/** Points the `$defs` zod writes at components/schemas, where the document keeps shared schemas. */
function componentRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/'));
}

/**
 * The OpenAPI 3.1 `webhooks` section: each event Hullscope POSTs to an endpoint, its body (Standard
 * Webhooks' envelope around the event's versioned data, from the contract) and its signature
 * headers; the data schemas join components/schemas.
 */
export function webhooksSection(): { webhooks: Record<string, unknown>; schemas: Record<string, unknown> } {
  const webhooks: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const type of Object.keys(WEBHOOK_EVENT_DATA) as AnyWebhookEventType[]) {
    const { $defs, $schema: _dialect, ...body } = z.toJSONSchema(webhookEnvelope(type), { io: 'output' });
    Object.assign(schemas, componentRefs($defs ?? {}));
    webhooks[type] = {
      post: {
        operationId: operationIdOf(type),
        tags: ['webhooks'],
        summary: WEBHOOK_EVENT_LABELS[type],
        description: `Sent to each enabled endpoint subscribed to \`${type}\`${
          type === 'webhook.test' ? ' (only by the test button)' : ''
        }. Answer 2xx within 10 s; anything else is retried with back-off for about a day.`,
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: componentRefs(body) } } },
        responses: { '200': { description: 'Received (any 2xx status will do)' } },
      },
    };
  }
  return { webhooks, schemas };
}

/** The generated document with the webhooks section added. */
export function withWebhooks(document: object): object {
  const { webhooks, schemas } = webhooksSection();
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  return {
    ...document,
    components: { ...components, schemas: { ...components?.schemas, ...schemas } },
    webhooks,
  };
}
