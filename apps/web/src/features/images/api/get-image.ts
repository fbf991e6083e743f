import { routes, type FullImage } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getImage = (projectId: number, imageId: number) =>
  api.request(routes.getImage, { params: { id: projectId, imageId } });

export const imageQueryOptions = (projectId: number, imageId: number) =>
  queryOptions({
    queryKey: queryKeys.image(projectId, imageId),
    queryFn: () => readOrDefault<FullImage | null>('the image', null, () => getImage(projectId, imageId)),
    staleTime: Infinity,
  });

export const useImage = (projectId: number, imageId: number) =>
  useQuery(imageQueryOptions(projectId, imageId));
