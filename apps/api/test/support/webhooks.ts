import type { WebhookDelivery, WebhookEndpointWithSecret } from '@hullscope/contract';
import { expect } from 'vitest';
import { nowIso } from '../../src/db/time.js';
import type { TeamHeaders } from './teams.js';
import type { TestApp } from './test-app.js';

/** Adds a webhook endpoint through the API; answers it with its secret. */
export async function createWebhook(
  t: TestApp,
  headers: TeamHeaders,
  fields: { url: string; events: string[]; description?: string; credits_low_threshold?: number },
): Promise<WebhookEndpointWithSecret> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/webhooks/',
    headers,
    payload: fields,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

export async function deliveriesOf(t: TestApp, headers: TeamHeaders, webhookId: number) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/organisation/webhooks/${webhookId}/deliveries/`,
    headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<WebhookDelivery[]>();
}

/** Polls the delivery log until `done` holds for it. */
export async function waitForDeliveries(
  t: TestApp,
  headers: TeamHeaders,
  webhookId: number,
  done: (deliveries: WebhookDelivery[]) => boolean,
  timeoutMs = 15_000,
): Promise<WebhookDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await deliveriesOf(t, headers, webhookId);
    if (done(deliveries)) return deliveries;
    if (Date.now() > deadline) throw new Error(`delivery log not as expected: ${JSON.stringify(deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Brings every scheduled webhook retry forward to now, as if its back-off had passed. */
export async function runRetriesNow(t: TestApp): Promise<void> {
  await t.app.database.db
    .updateTable('jobs')
    .set({ run_after: nowIso() })
    .where('name', '=', 'webhook-delivery')
    .where('status', '=', 'queued')
    .execute();
}
