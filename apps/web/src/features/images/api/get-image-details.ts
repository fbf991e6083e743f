import { routes, type ImageDetails } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getImageDetails = (projectId: number) =>
  api.request(routes.listImageDetails, { params: { id: projectId } });

/**
 * The project's images with their upload times and predictions (no pixels): the list the grid
 * arranges, counts and pages through, fetching thumbnails only for what it shows. Its key lies under
 * the thumbnails' key, so whatever refreshes the thumbnails (an upload, a delete) refreshes it too,
 * during a run as well: an image uploaded then must appear (it is no prediction list of spec §4).
 */
export const useImageDetails = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.imageDetails(projectId ?? 0),
    queryFn: () =>
      readOrDefault<ImageDetails[]>('the image details', [], () => getImageDetails(projectId ?? 0)),
    enabled: projectId !== null,
  });
