import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/load-config.js';
import { signUp } from '../../support/accounts.js';
import {
  createDataHome,
  freePort,
  homeEnv,
  startWorkerProcess,
  waitUntilHealthy,
  watchProcess,
} from '../../support/server-process.js';
import { actingIn } from '../../support/teams.js';
import { webhookHeadersOf, webhookReceiver } from '../../support/webhook-receiver.js';

let home: Awaited<ReturnType<typeof createDataHome>>;
let env: Record<string, string>;
let api: FastifyInstance;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

beforeAll(async () => {
  home = await createDataHome('hullscope-webhook-worker-');
  env = homeEnv(home, {
    WEB_DIST_DIR: path.join(home.dataDir, 'no-web'),
    QUEUE_POLL_MS: '50',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
  // An API-only process: its webhooks are left to the worker process.
  api = await buildApp(loadConfig({ ...env, WORKER_ENABLED: 'false' }));
  receiver = await webhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await api.close();
  await home.remove();
});

describe('a worker process', () => {
  it('delivers the webhooks an API process queued', async () => {
    const user = await signUp(api, path.join(home.dataDir, 'outbox'));
    const headers = actingIn(user, user.organisationId);
    const created = await api.inject({
      method: 'POST',
      url: '/api/organisation/webhooks/',
      headers,
      payload: { url: receiver.url, events: ['images.uploaded'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ping = await api.inject({
      method: 'POST',
      url: `/api/organisation/webhooks/${created.json().id}/test/`,
      headers,
    });
    expect(ping.statusCode, ping.body).toBe(201);
    // Nothing in this process delivers it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(0);

    const port = await freePort();
    const worker = watchProcess(
      startWorkerProcess({ ...env, WORKER_HEALTH_PORT: String(port) }, ['ignore', 'pipe', 'pipe']),
    );
    try {
      await waitUntilHealthy(`http://127.0.0.1:${port}/api/health`, worker);
      const deadline = Date.now() + 15_000;
      while (receiver.received.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const [got] = receiver.received;
      expect(got?.headers['webhook-id']).toBe(ping.json().message_id);
      new Webhook(created.json().secret).verify(got!.body, webhookHeadersOf(got!));
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });
});
