import { routes, type ImageThumbnail } from '@hullscope/contract';
import { type QueryObserverResult, queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Tagged } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';
import { THUMBNAIL_PAGE_SIZE } from '../lib/thumbnail-pages';

const none: Tagged<ImageThumbnail[]> = { data: [], etag: null };

/**
 * One page of the project's thumbnails (`?offset=&limit=`), revalidated: a refetch (after an upload
 * or a delete, or when a run ends) sends the ETag of the page it has and keeps it when the server
 * answers 304, instead of downloading its thumbnails again.
 */
export const getThumbnailPage = (projectId: number, page: number, previous?: Tagged<ImageThumbnail[]>) =>
  api.revalidate(
    routes.listThumbnails,
    {
      params: { id: projectId },
      query: { offset: page * THUMBNAIL_PAGE_SIZE, limit: THUMBNAIL_PAGE_SIZE },
    },
    previous,
  );

export const thumbnailPageQueryOptions = (projectId: number, page: number) =>
  queryOptions({
    queryKey: queryKeys.thumbnailPage(projectId, page),
    queryFn: ({ client, queryKey }) =>
      readOrDefault('a page of thumbnails', none, () =>
        getThumbnailPage(projectId, page, client.getQueryData<Tagged<ImageThumbnail[]>>(queryKey)),
      ),
  });

/** Module-level, so useQueries hands back the same map while no page changed. */
function byId(results: QueryObserverResult<Tagged<ImageThumbnail[]>>[]): ReadonlyMap<number, ImageThumbnail> {
  return new Map(
    results.flatMap((result) => (result.data?.data ?? []).map((thumbnail) => [thumbnail.id, thumbnail])),
  );
}

/**
 * The thumbnails of the given pages, by image id: only what the grid shows is fetched. A page not
 * arrived yet adds nothing (its images show a placeholder).
 */
export const useThumbnailPages = (projectId: number, pages: readonly number[]) =>
  useQueries({
    queries: pages.map((page) => thumbnailPageQueryOptions(projectId, page)),
    combine: byId,
  });
