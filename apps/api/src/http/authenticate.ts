import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { JwtService } from '../features/auth/jwt.js';
import { unauthorized } from './api-error.js';

export interface AuthUser {
  id: number;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Requires a valid access token of an existing user's current session; puts that user on the request. */
export function createAuthenticator(jwt: JwtService, db: Kysely<DB>): onRequestAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication credentials were not provided.');
    const claims = await jwt.verifyAccess(token);
    const user =
      claims === null
        ? undefined
        : await db
            .selectFrom('users')
            .select(['id', 'username', 'session_version'])
            .where('id', '=', claims.userId)
            .executeTakeFirst();
    // The same lookup that finds the user checks the session version: a token issued before a
    // password change, reset or deletion stops working at once, not when it expires.
    if (!user || !claims || user.session_version !== claims.sessionVersion) {
      throw unauthorized('Given token not valid for any token type');
    }
    request.user = { id: user.id, username: user.username };
  };
}
