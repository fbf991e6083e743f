import { routes, type FullImage, type ImageUpdateRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export interface UpdateImageInput extends ImageUpdateRequest {
  projectId: number;
  imageId: number;
}

export const updateImage = ({ projectId, imageId, ...body }: UpdateImageInput) =>
  api.request(routes.updateImage, { params: { id: projectId, imageId }, body });

/** Changes an image's hull zone; the open image takes the answer, the thumbnails reload. */
export const useUpdateImage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImage,
    onSuccess: async (updated, { projectId, imageId }) => {
      queryClient.setQueryData<FullImage | null>(queryKeys.image(projectId, imageId), (image) =>
        image ? { ...image, hull_zone: updated.hull_zone } : image,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(projectId) });
    },
  });
};
