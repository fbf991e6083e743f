import { routes, type CreditPriceOption } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getCreditPrices = () => api.request(routes.listCreditPrices, {});

export const creditPricesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.creditPrices,
    queryFn: () => readOrDefault<CreditPriceOption[]>('the credit prices', [], getCreditPrices),
  });

export const useCreditPrices = (enabled: boolean) => useQuery({ ...creditPricesQueryOptions(), enabled });
