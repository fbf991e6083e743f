import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Per model, how far it agrees with the project's reviewers (issue 39 §7). */
export const useProjectAgreement = (projectId: number) =>
  useQuery({
    queryKey: queryKeys.projectAgreement(projectId),
    queryFn: () => api.request(routes.projectAgreement, { params: { id: projectId } }),
  });

/** The same over every project of the organisation requests act in. */
export const useOrganisationAgreement = () =>
  useQuery({
    queryKey: queryKeys.organisationAgreement,
    queryFn: () => api.request(routes.organisationAgreement, {}),
  });
