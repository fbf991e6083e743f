import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { tooManyRequests, unauthorized } from '../../http/api-error.js';
import type { ApiKeyCaller, AuthUser } from '../../http/authenticate.js';
import { apiKeySecretHash } from './api-key-secret.js';
import { apiKeysRepository } from './api-keys.repository.js';
import { keyRateLimit } from './key-rate-limit.js';

/** How often a key's last use is written: the list shows it to the minute, not per request. */
const LAST_USE_INTERVAL_MS = 60_000;
/** Keys whose last use this process remembers writing; older entries are dropped past this many. */
const REMEMBERED_USES = 10_000;

/**
 * Finds the key a bearer secret names and checks that it works (not revoked, not expired, its
 * creator still there) and is within its rate limit; the request then acts as the key's creator in
 * the key's organisation, with the key's scopes.
 */
export function apiKeyAuthenticator(
  db: Kysely<DB>,
  requestsPerMinute: number,
  log: FastifyBaseLogger,
): (secret: string, request: FastifyRequest) => Promise<{ user: AuthUser; key: ApiKeyCaller }> {
  const keys = apiKeysRepository(db);
  const limit = keyRateLimit(requestsPerMinute);
  const lastWritten = new Map<number, number>();

  function recordUse(keyId: number, address: string): void {
    const now = Date.now();
    if (now - (lastWritten.get(keyId) ?? 0) < LAST_USE_INTERVAL_MS) return;
    if (lastWritten.size >= REMEMBERED_USES) lastWritten.clear();
    lastWritten.set(keyId, now);
    // Not awaited: the request does not wait on a bookkeeping write, and a failed one is only logged.
    keys.recordUse(keyId, new Date(now).toISOString(), address).catch((error: unknown) => {
      log.warn({ err: error, keyId }, 'Could not record when an API key was last used');
    });
  }

  return async (secret, request) => {
    const key = await keys.findBySecretHash(apiKeySecretHash(secret));
    if (!key) throw unauthorized('This API key is not valid.');
    if (key.revokedAt !== null) throw unauthorized('This API key has been revoked.');
    if (key.expiresAt !== null && key.expiresAt <= nowIso()) throw unauthorized('This API key has expired.');
    if (!key.user) throw unauthorized("This API key's creator no longer has an account: make a new key.");
    const wait = limit.take(key.id);
    if (wait !== null) {
      throw tooManyRequests(`This API key made too many requests: try again in ${wait} seconds.`, wait);
    }
    recordUse(key.id, request.ip);
    return {
      user: { id: key.user.id, username: key.user.username, lastOrganisationId: key.organisationId },
      key: {
        id: key.id,
        name: key.name,
        scopes: key.scopes,
        organisationId: key.organisationId,
        organisationName: key.organisationName,
      },
    };
  };
}
