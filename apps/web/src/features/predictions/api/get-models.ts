import { routes, type CvModel } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getModels = () => api.request(routes.listModels, {});

export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.models,
    queryFn: () => readOrDefault<CvModel[]>('the models', [], getModels),
    staleTime: 5 * 60_000,
  });

export const useModels = () => useQuery(modelsQueryOptions());
