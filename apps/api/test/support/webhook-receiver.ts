import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A loopback HTTP server that records every webhook it receives and answers each with the next
 * status of `statuses` (the last one repeats), as a customer's receiver would.
 */
export async function webhookReceiver(statuses: number[] = [200]) {
  const received: ReceivedWebhook[] = [];
  const answers = [...statuses];
  let held: (() => void)[] | undefined;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const reply = () => {
        const status = answers.length > 1 ? answers.shift()! : answers[0]!;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(`answered ${status}`);
      };
      if (held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** The statuses to answer from now on. */
    answer(next: number[]) {
      answers.splice(0, answers.length, ...next);
    },
    /**
     * Keeps every answer back, as a slow receiver does, until the function it returns is called:
     * then the waiting requests are answered together.
     */
    holdAnswers(): () => void {
      held = [];
      return () => {
        const waiting = held ?? [];
        held = undefined;
        for (const reply of waiting) reply();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers Standard Webhooks' verifiers take, as strings. */
export function webhookHeadersOf(received: ReceivedWebhook): Record<string, string> {
  return {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
}
