import { routes } from '@hullscope/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/**
 * What a share link opens, asked for with its token alone: the visitor has no account, and the
 * token reaches this one inspection only.
 */
export const useSharedInspection = (token: string) =>
  useQuery({
    queryKey: ['shared', token],
    queryFn: () => api.request(routes.sharedInspection, { query: { token } }),
    retry: false,
    staleTime: Infinity,
  });

export const useSharedPredictionSet = (token: string, predictionId: number | null) =>
  useQuery({
    queryKey: ['shared', token, 'prediction', predictionId],
    queryFn: () =>
      api.request(routes.sharedPredictionSet, {
        params: { predictionId: predictionId ?? 0 },
        query: { token },
      }),
    enabled: predictionId !== null,
    staleTime: Infinity,
  });

export const downloadSharedReport = async ({ token, format }: { token: string; format: 'pdf' | 'json' }) =>
  saveFile(
    format === 'pdf'
      ? await api.download(routes.sharedReportPdf, { query: { token } }, 'inspection-report.pdf')
      : await api.download(routes.sharedReportJson, { query: { token } }, 'inspection-report.json'),
  );

export const useDownloadSharedReport = () => useMutation({ mutationFn: downloadSharedReport });
