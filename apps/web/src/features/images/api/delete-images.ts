import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { deleteImage } from './delete-image';

export interface DeleteImagesResult {
  deleted: number[];
  failed: { imageId: number; error: unknown }[];
}

/**
 * Deletes several images one after another with the spec's single-image call (there is no batch
 * endpoint); one refusal (an image in a running prediction) does not stop the others.
 */
export async function deleteImages(projectId: number, imageIds: number[]): Promise<DeleteImagesResult> {
  const result: DeleteImagesResult = { deleted: [], failed: [] };
  for (const imageId of imageIds) {
    try {
      await deleteImage({ projectId, imageId });
      result.deleted.push(imageId);
    } catch (error) {
      result.failed.push({ imageId, error });
    }
  }
  return result;
}

export const useDeleteImages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, imageIds }: { projectId: number; imageIds: number[] }) =>
      deleteImages(projectId, imageIds),
    onSettled: async (_, __, { projectId }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(projectId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.predictionCount(projectId) });
    },
  });
};
