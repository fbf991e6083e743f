import { routes, type PredictionSet } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getPredictionSet = (projectId: number, predictionId: number) =>
  api.request(routes.getPredictionSet, { params: { id: projectId, predictionId } });

export const usePredictionSet = (projectId: number, predictionId: number) =>
  useQuery({
    queryKey: queryKeys.predictionSet(projectId, predictionId),
    queryFn: () =>
      readOrDefault<PredictionSet | null>('the prediction set', null, () =>
        getPredictionSet(projectId, predictionId),
      ),
    staleTime: Infinity,
  });
