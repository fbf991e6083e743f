import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * The model and resolution a summary or report reads; left out, the server takes the most used pair.
 * Whether photos of poor quality count in its ratings (issue 46); left out, the server's default.
 */
export interface PredictionPairChoice {
  model?: number;
  resolution?: number;
  includePoor?: boolean;
}

/** The choice as the summary's and the report's query parameters. */
export function pairQuery({ includePoor, ...pair }: PredictionPairChoice) {
  return includePoor === undefined ? pair : { ...pair, include_poor: String(includePoor) };
}

export const getInspectionSummary = (projectId: number, pair: PredictionPairChoice) =>
  api.request(routes.inspectionSummary, { params: { id: projectId }, query: pairQuery(pair) });

export const useInspectionSummary = (projectId: number | null, pair: PredictionPairChoice, enabled = true) =>
  useQuery({
    queryKey: queryKeys.inspectionSummary(projectId ?? 0, pair.model, pair.resolution, pair.includePoor),
    queryFn: () => getInspectionSummary(projectId!, pair),
    enabled: enabled && projectId !== null,
  });
