import { type HullZone, routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface ImagesZoneChange {
  projectId: number;
  imageIds: number[];
  hullZone: HullZone | null;
}

/** One call for the whole selection: the server changes every image's zone, or none. */
export const updateImagesZone = ({ projectId, imageIds, hullZone }: ImagesZoneChange) =>
  api.request(routes.updateImagesZone, {
    params: { id: projectId },
    body: { images: imageIds, hull_zone: hullZone },
  });

export const useUpdateImagesZone = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImagesZone,
    onSettled: async (_, __, { projectId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(projectId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.images(projectId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.inspectionSummaries(projectId) });
    },
  });
};
