import { GA_DRAWING_FIELD, type GaDrawing, type GaDrawingZone, routes } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-errors';
import { queryKeys } from '@/lib/query-keys';

/** The vessel's GA drawing, or null when it has none (the API answers 404). */
export const useGaDrawing = (vesselId: number) =>
  useQuery({
    queryKey: queryKeys.gaDrawing(vesselId),
    queryFn: () =>
      api.request(routes.vesselGaDrawing, { params: { id: vesselId } }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });

/** The drawing's image as a blob; keyed by its upload time, so a replaced drawing is fetched anew. */
export const useGaDrawingImage = (vesselId: number, uploadedAt: string | undefined) =>
  useQuery({
    queryKey: queryKeys.gaDrawingImage(vesselId, uploadedAt ?? ''),
    enabled: uploadedAt !== undefined,
    staleTime: Infinity,
    queryFn: async () =>
      (await api.download(routes.vesselGaDrawingImage, { params: { id: vesselId } }, 'ga-drawing')).blob,
  });

function useStoreDrawing(vesselId: number) {
  const client = useQueryClient();
  return (drawing: GaDrawing | null) => client.setQueryData(queryKeys.gaDrawing(vesselId), drawing);
}

export function useUploadGaDrawing(vesselId: number) {
  const store = useStoreDrawing(vesselId);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(GA_DRAWING_FIELD, file, file.name);
      return api.sendForm(routes.uploadVesselGaDrawing, { params: { id: vesselId } }, form);
    },
    onSuccess: store,
  });
}

export function useUpdateGaDrawingZones(vesselId: number) {
  const store = useStoreDrawing(vesselId);
  return useMutation({
    mutationFn: (zones: GaDrawingZone[]) =>
      api.request(routes.updateVesselGaDrawingZones, { params: { id: vesselId }, body: { zones } }),
    onSuccess: store,
  });
}

export function useDeleteGaDrawing(vesselId: number) {
  const store = useStoreDrawing(vesselId);
  return useMutation({
    mutationFn: () => api.request(routes.deleteVesselGaDrawing, { params: { id: vesselId } }),
    onSuccess: () => store(null),
  });
}
