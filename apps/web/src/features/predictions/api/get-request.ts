import { routes, type RequestStatus } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const REQUEST_POLL_INTERVAL_MS = 3000;

export const getRequest = (requestId: number) => api.request(routes.getRequest, { params: { requestId } });

export const isFinished = (status: RequestStatus['status'] | undefined) =>
  status === 'DONE' || status === 'FAILED';

/** Polls a running request every 3 s until it is finished (spec §4, §9). */
export const useRequestStatus = (requestId: number) =>
  useQuery({
    queryKey: queryKeys.request(requestId),
    queryFn: () =>
      readOrDefault<RequestStatus | null>('the request status', null, () => getRequest(requestId)),
    enabled: requestId > 0,
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : REQUEST_POLL_INTERVAL_MS),
  });
