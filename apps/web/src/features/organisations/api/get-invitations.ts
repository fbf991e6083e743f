import { type Invitation, routes } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getInvitations = () => api.request(routes.listInvitations, {});

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.invitations,
    queryFn: () => readOrDefault<Invitation[]>('the invitations', [], getInvitations),
  });

export const useInvitations = () => useQuery(invitationsQueryOptions());
