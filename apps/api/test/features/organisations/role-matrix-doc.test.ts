import { readFile } from 'node:fs/promises';
import {
  ORGANISATION_ROLES,
  type OrganisationRole,
  type RouteDefinition,
  roleAllows,
  routeAccess,
  routes,
} from '@hullscope/contract';
import { describe, expect, it } from 'vitest';

/** The role matrix docs/organisations.md shows, made from the contract. */
function roleMatrix(): string[] {
  const scoped = (Object.values(routes) as RouteDefinition[]).filter(
    (route) => !['public', 'account'].includes(routeAccess(route)),
  );
  return [
    `| Route | ${ORGANISATION_ROLES.join(' | ')} |`,
    `| --- |${ORGANISATION_ROLES.map(() => ' :-: |').join('')}`,
    ...scoped.map(
      (route) =>
        `| \`${route.method} ${route.path}\` | ${ORGANISATION_ROLES.map((role) =>
          roleAllows(role, routeAccess(route) as OrganisationRole) ? '✓' : '–',
        ).join(' | ')} |`,
    ),
  ];
}

describe('docs/organisations.md', () => {
  it('shows each route with the roles the contract lets call it', async () => {
    const page = await readFile(new URL('../../../../../docs/organisations.md', import.meta.url), 'utf8');
    const table = /<!-- role-matrix -->\n([\s\S]*?)\n<!-- \/role-matrix -->/.exec(page)?.[1];
    expect(table?.split('\n')).toEqual(roleMatrix());
  });
});
