import { type Member, routes } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getMembers = () => api.request(routes.listMembers, {});

export const membersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.members,
    queryFn: () => readOrDefault<Member[]>('the members', [], getMembers),
  });

export const useMembers = () => useQuery(membersQueryOptions());
