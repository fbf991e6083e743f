import { routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Cancels a purchase left at checkout (issue 45 §10); the list then shows it cancelled. */
export const cancelPurchase = (transactionId: number) =>
  api.request(routes.cancelPurchase, { params: { id: transactionId } });

export const useCancelPurchase = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
  });
};
