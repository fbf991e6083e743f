import type { ApiKeyCreated, ApiKeyRequest } from '@hullscope/contract';
import { expect } from 'vitest';
import type { SignedInUser } from './accounts.js';
import { actingIn } from './teams.js';
import type { TestApp } from './test-app.js';

/** Makes an API key in the user's organisation through the API; its secret is in the answer. */
export async function createApiKey(
  t: TestApp,
  user: SignedInUser,
  request: ApiKeyRequest,
  organisationId = user.organisationId,
): Promise<ApiKeyCreated> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/api-keys/',
    headers: actingIn(user, organisationId),
    payload: request,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ApiKeyCreated>();
}

export const keyHeaders = (key: { secret: string }) => ({ authorization: `Bearer ${key.secret}` });
