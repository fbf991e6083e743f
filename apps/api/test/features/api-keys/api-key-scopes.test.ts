import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  type RouteDefinition,
  apiKeyScope,
  routeAccess,
  routes,
} from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyHeaders, createApiKey } from '../../support/api-keys.js';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { organisationResources, pathWith } from '../../support/organisation-resources.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 41 §1: every authenticated route of the contract, called with a key of each scope. A key
// without the route's scope gets a 403 naming it; routes no key may call are refused whatever the
// scopes; a key that may gets past the checks, and another organisation's ids answer exactly as ids
// that do not exist.
let t: TestApp;
let owner: SignedInUser;
const secretOf = {} as Record<ApiKeyScope, string>;
let theirIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir);
  for (const scope of API_KEY_SCOPES) {
    secretOf[scope] = (await createApiKey(t, owner, { name: `${scope} key`, scopes: [scope] })).secret;
  }
  const stranger = await signUp(t.app, t.config.mail.outboxDir);
  theirIds = await organisationResources(t, stranger);
}, 120_000);
afterAll(async () => {
  // The admin key's call of requestDataExport starts an export: let it finish before the app closes.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const running = await t.app.database.db
      .selectFrom('data_exports')
      .select('id')
      .where('status', 'not in', ['READY', 'FAILED'])
      .execute();
    if (running.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await t.close();
}, 40_000);

const authenticated = (Object.entries(routes) as [string, RouteDefinition][]).filter(
  ([, route]) => routeAccess(route) !== 'public',
);
const unknownIds = new Proxy({} as Record<string, number>, { get: () => 987_654 });

function call(route: RouteDefinition, scope: ApiKeyScope, ids: Record<string, number>) {
  return t.app.inject({
    method: route.method,
    url: pathWith(route.path, ids),
    headers: keyHeaders({ secret: secretOf[scope] }),
    payload: {},
  });
}

describe.each(API_KEY_SCOPES)("a key with the '%s' scope", (scope) => {
  it.each(authenticated)('%s', async (_name, route) => {
    const needed = apiKeyScope(route);
    if (needed === null || needed !== scope) {
      const refused = await call(route, scope, theirIds);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().detail).toBe(
        needed === null
          ? 'API keys cannot call this route: it needs a signed-in person.'
          : `This API key lacks the '${needed}' scope.`,
      );
      return;
    }
    const answer = await call(route, scope, theirIds);
    expect(answer.statusCode, answer.body).not.toBe(403);
    expect(answer.statusCode, answer.body).not.toBe(401);
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    if (route.path.includes(':')) {
      const unknown = await call(route, scope, unknownIds);
      expect([answer.statusCode, answer.json()]).toEqual([unknown.statusCode, unknown.json()]);
    }
  });
});

it('leaves no route that a key may call with no scope at all', () => {
  const callable = authenticated.filter(([, route]) => apiKeyScope(route) !== null);
  expect(callable.length).toBeGreaterThan(50);
  expect(
    authenticated.filter(([name]) => /ApiKey/.test(name)).map(([, route]) => apiKeyScope(route)),
  ).toEqual([null, null, null]);
});
