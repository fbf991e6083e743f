import type { OrganisationRole } from '@hullscope/contract';

export const roleLabels: Record<OrganisationRole, string> = {
  viewer: 'Viewer',
  member: 'Member',
  admin: 'Admin',
  owner: 'Owner',
};
