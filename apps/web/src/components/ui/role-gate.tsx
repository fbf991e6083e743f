import type { OrganisationRole } from '@hullscope/contract';
import type { ReactNode } from 'react';
import { useRoleAllows } from '@/hooks/use-role';

/**
 * Shows its children only to a role that may use them: a viewer is offered no upload, a member no
 * purchase. The API refuses them anyway; the page just has no dead buttons.
 */
export function RoleGate({ role, children }: { role: OrganisationRole; children: ReactNode }) {
  return useRoleAllows(role) ? children : null;
}
