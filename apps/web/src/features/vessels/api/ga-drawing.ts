import { GA_DRAWING_FIELD, type GaDrawing, type GaDrawingZone, routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export { useGaDrawing, useGaDrawingImage } from '@/hooks/use-ga-drawing';

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
