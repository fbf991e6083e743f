import { routes, type PredictionThumbnails } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Tagged } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const emptyPredictionThumbnails: PredictionThumbnails = {
  models: [],
  resolutions: [],
  thumbnails: [],
};

/** Revalidated with the ETag of what is already shown, as the image thumbnails are. */
export const getPredictionThumbnails = (
  projectId: number,
  imageId: number,
  previous?: Tagged<PredictionThumbnails>,
) => api.revalidate(routes.listPredictionThumbnails, { params: { id: projectId, imageId } }, previous);

/** Skipped while a prediction request runs (spec §4). */
export const usePredictionThumbnails = (projectId: number, imageId: number, requestRunning: boolean) =>
  useQuery({
    queryKey: queryKeys.predictionThumbnails(projectId, imageId),
    queryFn: ({ client, queryKey }) =>
      readOrDefault('the prediction thumbnails', { data: emptyPredictionThumbnails, etag: null }, () =>
        getPredictionThumbnails(
          projectId,
          imageId,
          client.getQueryData<Tagged<PredictionThumbnails>>(queryKey),
        ),
      ),
    select: (tagged) => tagged.data,
    enabled: !requestRunning,
  });
