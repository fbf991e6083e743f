import type { FastifyInstance } from 'fastify';

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/**
 * A running API process seen through the one method the test helpers use, `inject`, answered over
 * real HTTP: the same helpers (signUp, upload, createProject, waitForRequest) then drive a server in
 * another process as they drive an app built in the test.
 */
export function remoteApp(baseUrl: string): FastifyInstance {
  async function inject({ method = 'GET', url, headers = {}, payload }: InjectOptions) {
    const isJson = payload !== undefined && !Buffer.isBuffer(payload) && typeof payload !== 'string';
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: isJson ? { ...headers, 'content-type': 'application/json' } : headers,
      body: isJson ? JSON.stringify(payload) : (payload as Buffer | string | undefined),
    });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      rawPayload,
      body: rawPayload.toString(),
      json: () => JSON.parse(rawPayload.toString()),
    };
  }
  // Only `inject` is there: a helper that reaches for anything else fails loudly.
  return { inject } as unknown as FastifyInstance;
}
