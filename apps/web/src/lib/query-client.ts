import { QueryClient } from '@tanstack/react-query';

/** Reads fall back to empty defaults themselves (readOrDefault), so retries would only delay that. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
