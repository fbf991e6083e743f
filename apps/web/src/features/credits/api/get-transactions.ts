import { routes, type Transaction } from '@hullscope/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

export const getTransactions = () => api.request(routes.listTransactions, {});

export const transactionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.transactions,
    queryFn: () => readOrDefault<Transaction[]>('the transactions', [], getTransactions),
  });

/** `enabled` false for a role that may not read the ledger (a viewer), which the API would refuse. */
export const useTransactions = (enabled = true) => useQuery({ ...transactionsQueryOptions(), enabled });
