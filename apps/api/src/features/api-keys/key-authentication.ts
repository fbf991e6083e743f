import { type ApiKeyScope, type OrganisationRole, roleAllows } from '@hullscope/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { tooManyRequests, unauthorized } from '../../http/api-error.js';
import type { ApiKeyCaller, AuthUser } from '../../http/authenticate.js';
import { apiKeySecretHash } from './api-key-secret.js';
import { apiKeysRepository } from './api-keys.repository.js';
import { keyRateLimit } from './key-rate-limit.js';

/** The role a scope's routes need: a key never does more than its creator may do now. */
const ROLE_OF_SCOPE: Record<ApiKeyScope, OrganisationRole> = {
  read: 'viewer',
  write: 'member',
  admin: 'admin',
};

/** How often a key's last use is written: the list shows it to the minute, not per request. */
const LAST_USE_INTERVAL_MS = 60_000;
/** Keys whose last use this process remembers writing; older entries are dropped past this many. */
const REMEMBERED_USES = 10_000;

/**
 * Finds the key a bearer secret names and checks that it works (not revoked, not expired, its
 * creator still a member of its organisation) and is within its rate limit; the request then acts as
 * the key's creator in the key's organisation, with the key's scopes that the creator's role allows.
 */
export function apiKeyAuthenticator(
  db: Kysely<DB>,
  requestsPerMinute: number,
  log: FastifyBaseLogger,
): (secret: string, request: FastifyRequest) => Promise<{ user: AuthUser; key: ApiKeyCaller }> {
  const keys = apiKeysRepository(db);
  const limit = keyRateLimit(db, requestsPerMinute);
  const lastWritten = new Map<number, number>();

  async function recordUse(keyId: number, address: string): Promise<void> {
    const now = Date.now();
    if (now - (lastWritten.get(keyId) ?? 0) < LAST_USE_INTERVAL_MS) return;
    if (lastWritten.size >= REMEMBERED_USES) lastWritten.clear();
    lastWritten.set(keyId, now);
    // Once a minute per key, so the request may wait on it; a failed write is only logged.
    try {
      await keys.recordUse(keyId, new Date(now).toISOString(), address);
    } catch (error) {
      log.warn({ err: error, keyId }, 'Could not record when an API key was last used');
    }
  }

  return async (secret, request) => {
    const key = await keys.findBySecretHash(apiKeySecretHash(secret));
    if (!key) throw unauthorized('This API key is not valid.');
    if (key.revokedAt !== null) throw unauthorized('This API key has been revoked.');
    if (key.expiresAt !== null && key.expiresAt <= nowIso()) throw unauthorized('This API key has expired.');
    if (!key.user) {
      throw unauthorized("This API key's creator is no longer a member of its organisation: make a new key.");
    }
    const wait = await limit.take(key.id);
    if (wait !== null) {
      throw tooManyRequests(`This API key made too many requests: try again in ${wait} seconds.`, wait);
    }
    await recordUse(key.id, request.ip);
    return {
      user: { id: key.user.id, username: key.user.username, lastOrganisationId: key.organisationId },
      key: {
        id: key.id,
        name: key.name,
        scopes: key.scopes.filter((scope) => roleAllows(key.user!.role, ROLE_OF_SCOPE[scope])),
        organisationId: key.organisationId,
        organisationName: key.organisationName,
      },
    };
  };
}
