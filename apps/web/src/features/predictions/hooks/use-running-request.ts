import type { RequestProgress } from '@hullscope/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNotify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentRequest } from '../api/get-current-request';
import { isFinished, useRequestStatus } from '../api/get-request';
import { noteRunEnded, noteRunStarted } from './last-run';
import { runFinishedNotice } from './run-finished-message';

export interface RunningRequest {
  running: boolean;
  requestId: number;
  progress: RequestProgress | undefined;
}

/**
 * Spec §4: request_id above 0 means a run is in progress; it is polled every 3 s, and when it is
 * DONE the current-request information and everything the run changed are refreshed, and a toast
 * says how the run ended (once per request); a lasting line keeps it (issue 45 §7, last-run.ts).
 */
export function useRunningRequest(): RunningRequest {
  const queryClient = useQueryClient();
  const current = useCurrentRequest();
  const requestId = current.data?.request_id ?? 0;
  const status = useRequestStatus(requestId);
  const finished = requestId > 0 && isFinished(status.data?.status);
  const notify = useNotify();
  const announced = useRef(new Set<number>());

  useEffect(() => {
    if (requestId > 0 && !finished) noteRunStarted(requestId);
  }, [requestId, finished]);

  useEffect(() => {
    if (!finished || !status.data) return;
    if (!announced.current.has(requestId)) {
      announced.current.add(requestId);
      const notice = runFinishedNotice(status.data);
      notify[notice.variant](notice.message);
    }
    noteRunEnded(status.data);
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.currentRequest }),
      queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      queryClient.invalidateQueries({ queryKey: queryKeys.credits }),
      queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
      // New predictions change the vessels' inspection ratings and trends.
      queryClient.invalidateQueries({ queryKey: queryKeys.vessels }),
    ]);
  }, [finished, requestId, status.data, notify, queryClient]);

  return {
    running: requestId > 0 && !finished,
    requestId,
    progress: status.data?.progress ?? current.data?.progress,
  };
}
