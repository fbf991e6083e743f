import { routes, type Vessel } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getVessel = (vesselId: number) => api.request(routes.getVessel, { params: { id: vesselId } });

/** One vessel; null when it cannot be read (another user's, deleted, or a failed read: spec §8). */
export const vesselQueryOptions = (vesselId: number) =>
  queryOptions({
    queryKey: queryKeys.vessel(vesselId),
    queryFn: () => readOrDefault<Vessel | null>('the vessel', null, () => getVessel(vesselId)),
  });

export const useVessel = (vesselId: number) => useQuery(vesselQueryOptions(vesselId));
