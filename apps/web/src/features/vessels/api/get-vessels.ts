import { routes, type Vessel } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getVessels = () => api.request(routes.listVessels, {});

export const vesselsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.vessels,
    queryFn: () => readOrDefault<Vessel[]>('the vessels', [], getVessels),
  });

export const useVessels = () => useQuery(vesselsQueryOptions());
