import { API_KEY_PREFIX, type ApiKeyScope } from '@hullscope/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { JwtService } from '../features/auth/jwt.js';
import { unauthorized } from './api-error.js';

export interface AuthUser {
  id: number;
  username: string;
  /** The organisation requests without the organisation header act in, if the user chose one. */
  lastOrganisationId: number | null;
}

/** The API key a request came with (issue 41 §1): it acts only in its organisation, within its scopes. */
export interface ApiKeyCaller {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  organisationId: number;
  organisationName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    /** Set when the bearer token is an API key; `user` is then the key's creator. */
    apiKey?: ApiKeyCaller;
  }
}

/** Checks an API key's secret: the user it acts as and the key, or throws (401, 429). */
export type AuthenticateApiKey = (
  secret: string,
  request: FastifyRequest,
) => Promise<{ user: AuthUser; key: ApiKeyCaller }>;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The user a token names, with the session version tokens must carry; undefined when gone. */
export type FindSessionHolder = (
  userId: number,
) => Promise<
  { id: number; username: string; session_version: number; last_organisation_id: number | null } | undefined
>;

/**
 * Requires a valid access token of an existing user's current session, or a working API key; puts
 * the user (a key's creator) on the request, and the key when it was one.
 */
export function createAuthenticator(
  jwt: JwtService,
  findSessionHolder: FindSessionHolder,
  authenticateApiKey: AuthenticateApiKey,
): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication credentials were not provided.');
    if (token.startsWith(API_KEY_PREFIX)) {
      const { user, key } = await authenticateApiKey(token, request);
      request.user = user;
      request.apiKey = key;
      return;
    }
    const claims = await jwt.verifyAccess(token);
    const user = claims === null ? undefined : await findSessionHolder(claims.userId);
    // The same lookup that finds the user checks the session version: a token issued before a
    // password change, reset or deletion stops working at once, not when it expires.
    if (!user || !claims || user.session_version !== claims.sessionVersion) {
      throw unauthorized('Given token not valid for any token type');
    }
    request.user = { id: user.id, username: user.username, lastOrganisationId: user.last_organisation_id };
  };
}
