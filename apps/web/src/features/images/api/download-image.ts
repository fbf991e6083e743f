import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

export const downloadImage = async ({ projectId, imageId }: { projectId: number; imageId: number }) =>
  saveFile(
    await api.download(routes.downloadImage, { params: { id: projectId, imageId } }, `image-${imageId}.zip`),
  );

export const useDownloadImage = () => useMutation({ mutationFn: downloadImage });
