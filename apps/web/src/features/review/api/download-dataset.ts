import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** The reviewed photos as a training set (ZIP), saved under the name of its Content-Disposition header. */
export const downloadDataset = async (projectId: number) =>
  saveFile(
    await api.download(routes.datasetExport, { params: { id: projectId } }, `dataset-${projectId}.zip`),
  );

export const useDownloadDataset = () => useMutation({ mutationFn: downloadDataset });
