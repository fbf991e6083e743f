import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at `/`; any other non-API GET gets index.html so the client router
 * can show the page (or its own 'Not Found'). Unknown API paths answer `{detail}` 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: 'index.html' });
  } else {
    app.log.warn({ webDistDir }, 'web app build not found; serving the API only');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPageRequest && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}
