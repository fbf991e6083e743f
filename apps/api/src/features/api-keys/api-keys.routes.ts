import { API_KEYS_PER_ORGANISATION, type ApiKey, routes } from '@hullscope/contract';
import type { ApiKeyRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import type { ApiRegistrar } from '../../feature-context.js';
import { conflict, notFound } from '../../http/api-error.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { newApiKeySecret } from './api-key-secret.js';
import { apiKeysRepository, scopesOf } from './api-keys.repository.js';

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row),
    created_by: { id: row.created_by, name: row.created_by_name },
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    last_used_address: row.last_used_address,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    status: row.revoked_at
      ? 'REVOKED'
      : row.expires_at !== null && row.expires_at <= nowIso()
        ? 'EXPIRED'
        : 'ACTIVE',
  };
}

/**
 * Issue 41 §1: admins and owners make, list and revoke the organisation's API keys. The secret is
 * answered once, at creation; only its hash is kept. The router refuses these routes to API keys.
 */
export const registerApiKeyRoutes: ApiRegistrar = ({ router, db }) => {
  const keys = apiKeysRepository(db);

  router.add(routes.listApiKeys, async ({ organisation }) =>
    (await keys.list(organisation.id)).map(toApiKey),
  );

  router.add(routes.createApiKey, async ({ user, organisation, body, request }) => {
    if ((await keys.countWorking(organisation.id)) >= API_KEYS_PER_ORGANISATION) {
      throw conflict(
        `This organisation has ${API_KEYS_PER_ORGANISATION} working API keys: revoke one before making another.`,
      );
    }
    const { secret, prefix, hash } = newApiKeySecret();
    const row = await keys.insert({
      organisationId: organisation.id,
      name: body.name,
      prefix,
      secretHash: hash,
      scopes: body.scopes,
      createdBy: { id: user.id, username: user.username },
      expiresAt: body.expires_at ? new Date(body.expires_at).toISOString() : null,
    });
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'api_key.create',
      target: { type: 'api_key', id: row.id, label: row.name },
      detail: { scopes: body.scopes, prefix, expires_at: row.expires_at },
    });
    return { ...toApiKey(row), secret };
  });

  router.add(routes.revokeApiKey, async ({ organisation, params, request }) => {
    const key = await keys.find(organisation.id, params.keyId);
    if (!key) throw notFound();
    if (await keys.revoke(organisation.id, key.id)) {
      await recordAudit(db, {
        organisationId: organisation.id,
        ...auditSource(request),
        action: 'api_key.revoke',
        target: { type: 'api_key', id: key.id, label: key.name },
        detail: { prefix: key.prefix },
      });
    }
    return toApiKey((await keys.find(organisation.id, key.id))!);
  });
};
