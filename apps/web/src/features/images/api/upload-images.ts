import { type HullZone, UPLOAD_HULL_ZONE_FIELD, routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { UploadProgress } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface UploadImagesInput {
  projectId: number;
  files: File[];
  /** The zone of every image of the upload; none: unassigned. */
  hullZone?: HullZone | null;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** One multipart request with the repeated field `images` (spec §7), and `hull_zone` when chosen. */
export const uploadImages = ({ projectId, files, hullZone, onProgress, signal }: UploadImagesInput) => {
  const form = new FormData();
  if (hullZone) form.append(UPLOAD_HULL_ZONE_FIELD, hullZone);
  for (const file of files) form.append('images', file, file.name);
  return api.upload(routes.uploadImages, { params: { id: projectId } }, form, onProgress, signal);
};

export const useUploadImages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImages,
    onSuccess: (_, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.thumbnails(projectId) }),
  });
};
