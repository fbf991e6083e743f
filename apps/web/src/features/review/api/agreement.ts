import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-errors';
import { queryKeys } from '@/lib/query-keys';

/**
 * Tries while the API counts reviewed photos for the first time, every 2 s as its Retry-After asks:
 * each try counts about a second's worth, so this covers a backlog of thousands of photos.
 */
const MAX_COUNTING_RETRIES = 150;
const COUNTING_RETRY_MS = 2000;

/** The API answers 503 while it counts photos reviewed before their counts were stored. */
const whileCounting = {
  retry: (failures: number, error: Error) =>
    error instanceof ApiError && error.status === 503 && failures < MAX_COUNTING_RETRIES,
  retryDelay: COUNTING_RETRY_MS,
};

/** Per model, how far it agrees with the project's reviewers (issue 39 §7). */
export const useProjectAgreement = (projectId: number) =>
  useQuery({
    queryKey: queryKeys.projectAgreement(projectId),
    queryFn: () => api.request(routes.projectAgreement, { params: { id: projectId } }),
    ...whileCounting,
  });

/** The same over every project of the organisation requests act in. */
export const useOrganisationAgreement = () =>
  useQuery({
    queryKey: queryKeys.organisationAgreement,
    queryFn: () => api.request(routes.organisationAgreement, {}),
    ...whileCounting,
  });
