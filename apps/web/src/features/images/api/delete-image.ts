import { routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const deleteImage = ({ projectId, imageId }: { projectId: number; imageId: number }) =>
  api.request(routes.deleteImage, { params: { id: projectId, imageId } });

export const useDeleteImage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: async (_, { projectId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(projectId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.predictionCount(projectId) });
    },
  });
};
