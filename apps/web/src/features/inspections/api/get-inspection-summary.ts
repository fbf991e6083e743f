import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The model and resolution a summary or report reads; left out, the server takes the most used pair. */
export interface PredictionPairChoice {
  model?: number;
  resolution?: number;
}

export const getInspectionSummary = (projectId: number, pair: PredictionPairChoice) =>
  api.request(routes.inspectionSummary, { params: { id: projectId }, query: pair });

export const useInspectionSummary = (projectId: number | null, pair: PredictionPairChoice, enabled = true) =>
  useQuery({
    queryKey: queryKeys.inspectionSummary(projectId ?? 0, pair.model, pair.resolution),
    queryFn: () => getInspectionSummary(projectId!, pair),
    enabled: enabled && projectId !== null,
  });
