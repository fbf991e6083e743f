import { routes, type ImageThumbnail } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getThumbnails = (projectId: number) =>
  api.request(routes.listThumbnails, { params: { id: projectId } });

export const thumbnailsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.thumbnails(projectId),
    queryFn: () => readOrDefault<ImageThumbnail[]>('the thumbnails', [], () => getThumbnails(projectId)),
  });

export const useThumbnails = (projectId: number | null) =>
  useQuery({ ...thumbnailsQueryOptions(projectId ?? 0), enabled: projectId !== null });
