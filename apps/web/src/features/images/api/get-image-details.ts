import { routes, type ImageDetails } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Tagged } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

const none: Tagged<ImageDetails[]> = { data: [], etag: null };

/** Revalidated: a refetch sends the ETag of the list it has and keeps that list on 304. */
export const getImageDetails = (projectId: number, previous?: Tagged<ImageDetails[]>) =>
  api.revalidate(routes.listImageDetails, { params: { id: projectId } }, previous);

/**
 * The project's images with their upload times and predictions (no pixels): the list the grid
 * arranges, counts and pages through, fetching thumbnails only for what it shows. Its key lies under
 * the thumbnails' key, so whatever refreshes the thumbnails (an upload, a delete) refreshes it too,
 * during a run as well: an image uploaded then must appear (it is no prediction list of spec §4).
 */
export const useImageDetails = (projectId: number | null) =>
  useQuery({
    queryKey: queryKeys.imageDetails(projectId ?? 0),
    queryFn: ({ client, queryKey }) =>
      readOrDefault('the image details', none, () =>
        getImageDetails(projectId ?? 0, client.getQueryData<Tagged<ImageDetails[]>>(queryKey)),
      ),
    select: (tagged) => tagged.data,
    enabled: projectId !== null,
  });
