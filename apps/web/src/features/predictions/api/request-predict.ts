import { routes, type SchedulePayload } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { noteRunStarted } from '../hooks/last-run';

export const requestPredict = ({ projectId, ...body }: SchedulePayload & { projectId: number }) =>
  api.request(routes.requestPredict, { params: { id: projectId }, body });

/**
 * After scheduling the prediction count, the credits and the running request are refreshed (spec §4);
 * the run's project is noted for its lasting line when it ends (issue 45 §7).
 */
export const useRequestPredict = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPredict,
    onSuccess: (created, { projectId }) => {
      noteRunStarted(created.request_id, projectId);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.predictionCount(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.credits }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentRequest }),
      ]);
    },
  });
};
