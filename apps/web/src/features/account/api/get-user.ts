import { routes, type User } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const emptyUser: User = { id: 0, username: '', email: '', first_name: '', last_name: '' };

export const getUser = () => api.request(routes.getUser, {});

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user, queryFn: () => readOrDefault('the user', emptyUser, getUser) });

export const useUser = () => useQuery(userQueryOptions());
