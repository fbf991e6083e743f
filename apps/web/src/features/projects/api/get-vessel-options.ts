import { routes, type Vessel } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

/** What the project form's vessel select shows of a vessel. */
export type VesselOption = Pick<Vessel, 'id' | 'name'>;

/**
 * The user's vessels for the project form's select: the same query (and cache) as the Vessels page,
 * so a vessel added there is offered here at once. No choices when the list cannot be read.
 */
export const vesselOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.vessels,
    queryFn: () => readOrDefault<Vessel[]>('the vessels', [], () => api.request(routes.listVessels, {})),
    retry: false,
  });

export const useVesselOptions = () => useQuery(vesselOptionsQueryOptions());
