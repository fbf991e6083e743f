import { type WebhookCreateRequest, type WebhookUpdateRequest, routes } from '@hullscope/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const DELIVERY_PAGE_SIZE = 20;

/** The organisation's webhook endpoints and their delivery logs (admins and owners). */
export const useWebhooks = () =>
  useQuery({ queryKey: queryKeys.webhooks, queryFn: () => api.request(routes.listWebhooks, {}) });

export const useWebhookDeliveries = (webhookId: number, page: number) =>
  useQuery({
    queryKey: [...queryKeys.webhookDeliveries(webhookId), page],
    queryFn: () =>
      api.requestCounted(routes.listWebhookDeliveries, {
        params: { webhookId },
        query: { offset: page * DELIVERY_PAGE_SIZE, limit: DELIVERY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    // Pending deliveries change on their own: the log follows them while it is open.
    refetchInterval: 5000,
  });

/** A change to the endpoints; the list and every delivery log are read again after it. */
function useWebhookChange<A, R>(change: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export const useCreateWebhook = () =>
  useWebhookChange((body: WebhookCreateRequest) => api.request(routes.createWebhook, { body }));

export const useUpdateWebhook = () =>
  useWebhookChange(({ webhookId, ...body }: WebhookUpdateRequest & { webhookId: number }) =>
    api.request(routes.updateWebhook, { params: { webhookId }, body }),
  );

export const useDeleteWebhook = () =>
  useWebhookChange((webhookId: number) => api.request(routes.deleteWebhook, { params: { webhookId } }));

export const useRotateWebhookSecret = () =>
  useWebhookChange((webhookId: number) => api.request(routes.rotateWebhookSecret, { params: { webhookId } }));

export const useTestWebhook = () =>
  useWebhookChange((webhookId: number) => api.request(routes.testWebhook, { params: { webhookId } }));

export const useResendWebhookDelivery = () =>
  useWebhookChange(({ webhookId, deliveryId }: { webhookId: number; deliveryId: number }) =>
    api.request(routes.resendWebhookDelivery, { params: { webhookId, deliveryId } }),
  );
