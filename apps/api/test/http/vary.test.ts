import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { varyOn } from '../../src/http/vary.js';

/** The Vary an answer goes out with when the route had set `before` and then varies on `header`. */
async function varyAfter(before: string | undefined, header: string) {
  const app = Fastify();
  app.get('/', (_request, reply) => {
    if (before !== undefined) void reply.header('vary', before);
    varyOn(reply, header);
    return reply.send('ok');
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response.headers.vary;
}

describe('varyOn', () => {
  it('adds the header to what the answer already varies by, once', async () => {
    expect(await varyAfter(undefined, 'accept-encoding')).toBe('accept-encoding');
    // CORS's Origin stays: a shared cache must not hand one origin's CORS headers to another.
    expect(await varyAfter('Origin', 'accept-encoding')).toBe('Origin, accept-encoding');
    expect(await varyAfter('Origin, Accept-Encoding', 'accept-encoding')).toBe('Origin, Accept-Encoding');
    // Vary: * already varies by everything.
    expect(await varyAfter('*', 'accept-encoding')).toBe('*');
  });
});
