import { roleAllows, routes, type OrganisationRole } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const currentOrganisationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.organisation,
    queryFn: () => api.request(routes.getOrganisation, {}),
  });

/** The organisation requests act in, with the signed-in user's role there. */
export const useCurrentOrganisation = () => useQuery(currentOrganisationQueryOptions());

/**
 * Whether the user's role allows what `needed` may do, so pages offer no buttons the API would
 * refuse. Until the role is known it allows: most users own their organisation, their screen must
 * not flicker, and the API refuses a role that may not anyway.
 */
export function useRoleAllows(needed: OrganisationRole): boolean {
  const role = useCurrentOrganisation().data?.role;
  return role === undefined || roleAllows(role, needed);
}
