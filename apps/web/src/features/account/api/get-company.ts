import { routes, type Company } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const emptyCompany: Company = {
  id: 0,
  owner: 0,
  name: '',
  address: '',
  address_2: '',
  city: '',
  zip: '',
  state: '',
  country: '',
  tax_id: '',
};

export const getCompany = () => api.request(routes.getCompany, {});

export const companyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.company,
    queryFn: () => readOrDefault('the company', emptyCompany, getCompany),
  });

export const useCompany = () => useQuery(companyQueryOptions());
