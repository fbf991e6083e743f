import { type DataExport, routes } from '@hullscope/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** How often a running export's progress is asked for. */
const EXPORT_POLL_MS = 1500;

export const requestDataExport = () => api.request(routes.requestDataExport, {});

export const useRequestDataExport = () => useMutation({ mutationFn: requestDataExport });

const isFinished = (data: DataExport | undefined) => data?.status === 'READY' || data?.status === 'FAILED';

/** The export's status, asked for again until it is ready or failed. */
export const useDataExport = (exportId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.dataExport(exportId ?? 0),
    queryFn: () => api.request(routes.getDataExport, { params: { exportId: exportId! } }),
    enabled: exportId !== undefined,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : EXPORT_POLL_MS),
  });
