import { routes } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getPredictionCount = (projectId: number) =>
  api.request(routes.getPredictionCount, { params: { id: projectId } });

export const predictionCountQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.predictionCount(projectId),
    queryFn: () =>
      readOrDefault('the prediction count', { prediction_count: 0 }, () => getPredictionCount(projectId)),
  });

/** Skipped while a prediction request runs (spec §4). */
export const usePredictionCount = (projectId: number | null, requestRunning: boolean) =>
  useQuery({
    ...predictionCountQueryOptions(projectId ?? 0),
    enabled: projectId !== null && !requestRunning,
  });
