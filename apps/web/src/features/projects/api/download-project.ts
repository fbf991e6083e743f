import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** The ZIP of the whole project, saved under the name of its Content-Disposition header. */
export const downloadProject = async (projectId: number) =>
  saveFile(
    await api.download(routes.downloadProject, { params: { id: projectId } }, `project-${projectId}.zip`),
  );

export const useDownloadProject = () => useMutation({ mutationFn: downloadProject });
