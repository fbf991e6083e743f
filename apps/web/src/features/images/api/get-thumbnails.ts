import { routes, type ImageThumbnail } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Tagged } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

const none: Tagged<ImageThumbnail[]> = { data: [], etag: null };

/**
 * The project's thumbnails, revalidated: a refetch (after an upload or a delete, or while a run is
 * polled) sends the ETag of the list it has and keeps it when the server answers 304, instead of
 * downloading every thumbnail again.
 */
export const getThumbnails = (projectId: number, previous?: Tagged<ImageThumbnail[]>) =>
  api.revalidate(routes.listThumbnails, { params: { id: projectId } }, previous);

export const thumbnailsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.thumbnails(projectId),
    queryFn: ({ client, queryKey }) =>
      readOrDefault('the thumbnails', none, () =>
        getThumbnails(projectId, client.getQueryData<Tagged<ImageThumbnail[]>>(queryKey)),
      ),
    select: (tagged) => tagged.data,
  });

export const useThumbnails = (projectId: number | null) =>
  useQuery({ ...thumbnailsQueryOptions(projectId ?? 0), enabled: projectId !== null });
