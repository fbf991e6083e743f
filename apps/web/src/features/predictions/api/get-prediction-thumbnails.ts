import { routes, type PredictionThumbnails } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const emptyPredictionThumbnails: PredictionThumbnails = {
  models: [],
  resolutions: [],
  thumbnails: [],
};

export const getPredictionThumbnails = (projectId: number, imageId: number) =>
  api.request(routes.listPredictionThumbnails, { params: { id: projectId, imageId } });

/** Skipped while a prediction request runs (spec §4). */
export const usePredictionThumbnails = (projectId: number, imageId: number, requestRunning: boolean) =>
  useQuery({
    queryKey: queryKeys.predictionThumbnails(projectId, imageId),
    queryFn: () =>
      readOrDefault('the prediction thumbnails', emptyPredictionThumbnails, () =>
        getPredictionThumbnails(projectId, imageId),
      ),
    enabled: !requestRunning,
  });
