import { type ShareLink, type ShareLinkRequest, routes } from '@hullscope/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

/** A project's share links: listed, created (the URL answered once) and revoked. */
export const getShareLinks = (projectId: number) =>
  api.request(routes.listShareLinks, { params: { id: projectId } });

export const shareLinksQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.shareLinks(projectId),
    queryFn: () => readOrDefault<ShareLink[]>('the share links', [], () => getShareLinks(projectId)),
  });

export const useShareLinks = (projectId: number, enabled: boolean) =>
  useQuery({ ...shareLinksQueryOptions(projectId), enabled });

export const createShareLink = ({
  projectId,
  ...body
}: z.input<typeof ShareLinkRequest> & { projectId: number }) =>
  api.request(routes.createShareLink, { params: { id: projectId }, body });

export const revokeShareLink = ({ projectId, linkId }: { projectId: number; linkId: number }) =>
  api.request(routes.revokeShareLink, { params: { id: projectId, linkId } });

function useShareLinkChange<A extends { projectId: number }, R>(change: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (_, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks(projectId) }),
  });
}

export const useCreateShareLink = () => useShareLinkChange(createShareLink);
export const useRevokeShareLink = () => useShareLinkChange(revokeShareLink);
