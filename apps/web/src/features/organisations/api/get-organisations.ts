import { type Organisation, routes } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getOrganisations = () => api.request(routes.listOrganisations, {});

export const organisationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.organisations,
    queryFn: () => readOrDefault<Organisation[]>('the organisations', [], getOrganisations),
  });

export const useOrganisations = () => useQuery(organisationsQueryOptions());
