import { ApiKey, ApiKeyCreated, ApiKeyList, ApiKeyParams, ApiKeyRequest } from './api-keys.js';
import { route } from './route-definition.js';

/** Issue 41 §1: an organisation's API keys, managed by its admins and owners from a signed-in session. */
export const apiKeyRoutes = {
  listApiKeys: route({
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/api/organisation/api-keys/',
    auth: true,
    access: 'admin',
    refusesApiKeys: true,
    tag: 'api-keys',
    status: 200,
    summary: "The organisation's API keys, newest first (never their secrets)",
    response: ApiKeyList,
  }),
  createApiKey: route({
    operationId: 'createApiKey',
    method: 'POST',
    path: '/api/organisation/api-keys/',
    auth: true,
    access: 'admin',
    refusesApiKeys: true,
    tag: 'api-keys',
    status: 201,
    summary: 'Create an API key with scopes and an optional expiry; its secret is in this answer only',
    body: ApiKeyRequest,
    response: ApiKeyCreated,
  }),
  revokeApiKey: route({
    operationId: 'revokeApiKey',
    method: 'POST',
    path: '/api/organisation/api-keys/:keyId/revoke/',
    auth: true,
    access: 'admin',
    refusesApiKeys: true,
    tag: 'api-keys',
    status: 200,
    summary: 'Revoke an API key: it stops working at once',
    params: ApiKeyParams,
    response: ApiKey,
  }),
} as const;
