import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ by its content's hash: a changed file gets a new name. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** The page names the current assets, so a browser must check it again on each visit. */
const PAGE_CACHE = 'no-cache';

export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith(`assets${path.sep}`) ? HASHED_ASSET_CACHE : PAGE_CACHE;
}

/**
 * Serves the built web app at `/`; any other non-API GET gets index.html so the client router
 * can show the page (or its own 'Not Found'). Unknown API paths answer `{detail}` 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.header('cache-control', cacheControlFor(path.relative(webDistDir, filePath)));
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app build not found; serving the API only');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPageRequest && !request.url.startsWith('/api/')) {
      return reply.type('text/html').header('cache-control', PAGE_CACHE).sendFile('index.html');
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}
