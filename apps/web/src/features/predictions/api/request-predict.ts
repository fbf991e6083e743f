import { type CurrentRequest, routes, type SchedulePayload } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { noteRunStarted } from '../hooks/last-run';

export const requestPredict = ({ projectId, ...body }: SchedulePayload & { projectId: number }) =>
  api.request(routes.requestPredict, { params: { id: projectId }, body });

/**
 * After scheduling the prediction count and the credits are refreshed, and the new run becomes the
 * running request (spec §4); the run's project is noted for its lasting line when it ends (issue 45
 * §7). The running request is set from the answer rather than read again: a run of a few photos can
 * end before that read, which then answers no run, and its end would never be announced.
 */
export const useRequestPredict = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPredict,
    onSuccess: async (created, { projectId }) => {
      noteRunStarted(created.request_id, projectId);
      await queryClient.cancelQueries({ queryKey: queryKeys.currentRequest });
      queryClient.setQueryData<CurrentRequest>(queryKeys.currentRequest, {
        request_id: created.request_id,
        status: 'QUEUED',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.predictionCount(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.credits }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
      ]);
    },
  });
};
