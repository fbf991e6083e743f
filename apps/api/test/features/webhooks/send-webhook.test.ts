import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RESPONSE_EXCERPT_BYTES, sendWebhook } from '../../../src/features/webhooks/send-webhook.js';
import { newWebhookSecret } from '../../../src/features/webhooks/webhook-signature.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const attempt = (url: string, timeoutMs?: number) =>
  sendWebhook({
    url,
    secrets: [newWebhookSecret()],
    messageId: 'msg_test',
    body: '{}',
    allowPrivateTargets: true,
    timeoutMs,
  });

describe('one webhook attempt', () => {
  it('gives up on a receiver that does not answer in time', async () => {
    const url = await serve(() => {
      // Never answers.
    });
    const outcome = await attempt(url, 200);
    expect(outcome).toMatchObject({ status: null, excerpt: null, error: 'No answer within 0.2 s.' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(190);
  });

  it('keeps the first kilobyte of a long answer, NUL characters replaced, and reads no more', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(500);
      response.write(`\0${'x'.repeat(RESPONSE_EXCERPT_BYTES * 4)}`);
      // The rest never comes: the attempt must not wait for it.
    });
    const outcome = await attempt(url, 5000);
    expect(outcome.status).toBe(500);
    expect(outcome.excerpt).toHaveLength(RESPONSE_EXCERPT_BYTES);
    expect(outcome.excerpt!.startsWith('\uFFFDxxx')).toBe(true);
    expect(outcome.durationMs).toBeLessThan(4000);
  });

  it('does not follow a redirect: a 3xx is a failure', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
    });
    expect(await attempt(url)).toMatchObject({ status: 307, error: null });
  });
});
