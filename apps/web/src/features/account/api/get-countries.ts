import { routes, type Country } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getCountries = () => api.request(routes.listCountries, {});

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.countries,
    queryFn: () => readOrDefault<Country[]>('the countries', [], getCountries),
    staleTime: Infinity,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
