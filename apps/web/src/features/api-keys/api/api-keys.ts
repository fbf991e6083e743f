import { type ApiKey, type ApiKeyRequest, routes } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { readOrDefault } from '@/lib/read-or-default';

/** The organisation's API keys: listed, created (the secret answered once) and revoked. */
export const getApiKeys = () => api.request(routes.listApiKeys, {});

export const useApiKeys = () =>
  useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: () => readOrDefault<ApiKey[]>('the API keys', [], getApiKeys),
  });

export const createApiKey = (body: ApiKeyRequest) => api.request(routes.createApiKey, { body });

export const revokeApiKey = (keyId: number) => api.request(routes.revokeApiKey, { params: { keyId } });

function useApiKeyChange<A, R>(change: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}

export const useCreateApiKey = () => useApiKeyChange(createApiKey);
export const useRevokeApiKey = () => useApiKeyChange(revokeApiKey);
