import { routes, type Resolution } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getResolutions = () => api.request(routes.listResolutions, {});

export const resolutionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.resolutions,
    queryFn: () => readOrDefault<Resolution[]>('the resolutions', [], getResolutions),
    staleTime: 5 * 60_000,
  });

export const useResolutions = () => useQuery(resolutionsQueryOptions());
