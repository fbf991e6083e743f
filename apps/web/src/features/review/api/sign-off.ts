import { routes, type ReopenRequest, type SignRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Signing or reopening changes the report, the summary and what may be written: all refresh. */
function useAfterSignOff(projectId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.revisions(projectId) }),
      client.invalidateQueries({ queryKey: queryKeys.inspectionSummaries(projectId) }),
    ]);
}

export function useSignInspection(projectId: number) {
  const after = useAfterSignOff(projectId);
  return useMutation({
    mutationFn: (body: SignRequest) =>
      api.request(routes.signInspection, { params: { id: projectId }, body }),
    onSuccess: after,
  });
}

export function useReopenInspection(projectId: number) {
  const after = useAfterSignOff(projectId);
  return useMutation({
    mutationFn: (body: ReopenRequest) =>
      api.request(routes.reopenInspection, { params: { id: projectId }, body }),
    onSuccess: after,
  });
}
