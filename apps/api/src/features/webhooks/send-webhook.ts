import http from 'node:http';
import https from 'node:https';
import { webhookHeaders } from './webhook-signature.js';
import { checkTargetUrl, publicOnlyLookup } from './webhook-target.js';

/** How long one attempt may take, connecting and answering included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the answer's body the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface SendRequest {
  url: string;
  secrets: string[];
  messageId: string;
  body: string;
  allowPrivateTargets: boolean;
  timeoutMs?: number;
  /** Aborts the attempt early (the worker stopping). */
  signal?: AbortSignal;
}

export interface AttemptOutcome {
  /** The answer's status; null when none came (refused target, network error, timeout). */
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

export const succeeded = (outcome: AttemptOutcome) =>
  outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

/**
 * One signed POST of a message. The target is checked at every attempt: its URL here, and its name's
 * addresses as the connection resolves them (publicOnlyLookup), so the connection only ever goes to
 * a checked address. Redirects are not followed (a 3xx is a failure), so they cannot lead inside.
 */
export async function sendWebhook(request: SendRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = checkTargetUrl(request.url, request.allowPrivateTargets);
  } catch (error) {
    return { status: null, durationMs: elapsed(), excerpt: null, error: (error as Error).message };
  }
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Hullscope-Webhooks/1',
    ...webhookHeaders(request.secrets, request.messageId, Math.floor(Date.now() / 1000), request.body),
  };
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    const outgoing = transport.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(request.body) },
      lookup: request.allowPrivateTargets ? undefined : publicOnlyLookup(),
      signal: AbortSignal.any([
        AbortSignal.timeout(request.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
        ...(request.signal ? [request.signal] : []),
      ]),
    });
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const done = () => {
        resolve({
          status: response.statusCode ?? null,
          durationMs: elapsed(),
          // PostgreSQL cannot store NUL in text.
          excerpt: Buffer.concat(chunks)
            .subarray(0, RESPONSE_EXCERPT_BYTES)
            .toString('utf8')
            .replaceAll('\0', '\uFFFD'),
          error: null,
        });
        // The rest of a long answer is not read.
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= RESPONSE_EXCERPT_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    outgoing.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        status: null,
        durationMs: elapsed(),
        excerpt: null,
        error: timedOut
          ? `No answer within ${(request.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s.`
          : error.message,
      });
    });
    outgoing.end(request.body);
  });
}
