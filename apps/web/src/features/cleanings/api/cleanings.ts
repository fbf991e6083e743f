import { type CleaningCreateRequest, routes } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';

export const getCleanings = (vesselId: number) =>
  api.request(routes.listCleanings, { params: { id: vesselId } });

export const useCleanings = (vesselId: number) =>
  useQuery({ queryKey: queryKeys.cleanings(vesselId), queryFn: () => getCleanings(vesselId) });

/** Changes to cleanings change the vessel's Record Book too: both are read again. */
const useRefreshVessel = (vesselId: number) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.cleanings(vesselId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recordBook(vesselId) }),
    ]);
};

export const useCreateCleaning = (vesselId: number) => {
  const refresh = useRefreshVessel(vesselId);
  return useMutation({
    mutationFn: (body: CleaningCreateRequest) =>
      api.request(routes.createCleaning, { params: { id: vesselId }, body }),
    onSuccess: refresh,
  });
};

export const useDeleteCleaning = (vesselId: number) => {
  const refresh = useRefreshVessel(vesselId);
  return useMutation({
    mutationFn: (cleaningId: number) =>
      api.request(routes.deleteCleaning, { params: { id: vesselId, cleaningId } }),
    onSuccess: refresh,
  });
};

export const getCleaningComparison = (vesselId: number, cleaningId: number) =>
  api.request(routes.cleaningComparison, { params: { id: vesselId, cleaningId } });

export const useCleaningComparison = (vesselId: number, cleaningId: number) =>
  useQuery({
    queryKey: queryKeys.cleaningComparison(vesselId, cleaningId),
    queryFn: () => getCleaningComparison(vesselId, cleaningId),
  });

export const useDownloadComparison = () =>
  useMutation({
    mutationFn: async ({ vesselId, cleaningId }: { vesselId: number; cleaningId: number }) =>
      saveFile(
        await api.download(
          routes.cleaningComparisonPdf,
          { params: { id: vesselId, cleaningId } },
          `cleaning-${cleaningId}-comparison.pdf`,
        ),
      ),
  });
