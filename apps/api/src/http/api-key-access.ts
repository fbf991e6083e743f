import { type RouteDefinition, apiKeyScope } from '@hullscope/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import { forbidden } from './api-error.js';

/**
 * After authentication: a request made with an API key needs the key's scope for the route (read
 * for viewer routes, write for member routes, admin for admin routes); routes no key may call
 * (the account, owner-only ones, key management) are refused whatever its scopes.
 */
export function apiKeyGuard(route: RouteDefinition): onRequestAsyncHookHandler {
  const needed = apiKeyScope(route);
  return async (request) => {
    const key = request.apiKey;
    if (!key) return;
    if (needed === null) {
      throw forbidden('API keys cannot call this route: it needs a signed-in person.');
    }
    if (!key.scopes.includes(needed)) throw forbidden(`This API key lacks the '${needed}' scope.`);
  };
}
