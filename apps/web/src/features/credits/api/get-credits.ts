import { routes } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getCredits = () => api.request(routes.getCredits, {});

export const creditsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.credits,
    queryFn: () => readOrDefault('the credits', { credits: 0 }, getCredits),
  });

export const useCredits = () => useQuery(creditsQueryOptions());
