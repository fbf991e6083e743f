import { routes, type CurrentRequest } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const noCurrentRequest: CurrentRequest = { request_id: 0, status: null };

export const getCurrentRequest = () => api.request(routes.currentRequest, {});

export const currentRequestQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentRequest,
    queryFn: () => readOrDefault('the current request', noCurrentRequest, getCurrentRequest),
    staleTime: 0,
  });

export const useCurrentRequest = () => useQuery(currentRequestQueryOptions());
