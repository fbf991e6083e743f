import {
  ORGANISATION_ROLES,
  type OrganisationRole,
  type RouteDefinition,
  roleAllows,
  routeAccess,
  routes,
} from '@hullscope/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signUp } from '../../support/accounts.js';
import { organisationResources, pathWith } from '../../support/organisation-resources.js';
import { type TeamHeaders, actingIn, teammate } from '../../support/teams.js';
import { type TestApp, createTestApp } from '../../support/test-app.js';

// Issue 38 §2: every route of the contract, called by every role. A role below the route's gets a
// 403 that says which role it needs; a role that may gets past the check, and another
// organisation's ids answer exactly as ids that do not exist.
let t: TestApp;
let owner: SignedInUser;
const headersOf = {} as Record<OrganisationRole, TeamHeaders>;
let theirIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, t.config.mail.outboxDir, { first_name: 'Role', last_name: 'Matrix' });
  for (const role of ['viewer', 'member', 'admin'] as const) {
    headersOf[role] = (await teammate(t, owner, owner.organisationId, role)).team;
  }
  headersOf.owner = actingIn(owner, owner.organisationId);
  const stranger = await signUp(t.app, t.config.mail.outboxDir);
  theirIds = await organisationResources(t, stranger);
}, 120_000);
afterAll(() => t.close());

const scoped = (Object.entries(routes) as [string, RouteDefinition][]).filter(
  ([, route]) => !['public', 'account'].includes(routeAccess(route)),
);
const unknownIds = new Proxy({} as Record<string, number>, { get: () => 987_654 });

function call(route: RouteDefinition, headers: TeamHeaders, ids: Record<string, number>) {
  return t.app.inject({ method: route.method, url: pathWith(route.path, ids), headers, payload: {} });
}

describe.each(ORGANISATION_ROLES)('a %s', (role) => {
  it.each(scoped)('%s', async (name, route) => {
    const needed = routeAccess(route) as OrganisationRole;
    if (!roleAllows(role, needed)) {
      const refused = await call(route, headersOf[role], theirIds);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().detail).toBe(
        `This needs the ${needed} role or higher in Role Matrix; yours is ${role}.`,
      );
      return;
    }
    // Leaving is tried by the last owner only, whom it refuses: the others stay for the next routes.
    if (name === 'leaveOrganisation' && role !== 'owner') return;
    const answer = await call(route, headersOf[role], theirIds);
    expect(answer.statusCode, answer.body).not.toBe(403);
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    if (route.path.includes(':')) {
      const unknown = await call(route, headersOf[role], unknownIds);
      expect([answer.statusCode, answer.json()]).toEqual([unknown.statusCode, unknown.json()]);
    }
  });
});
