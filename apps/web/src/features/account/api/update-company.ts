import { routes, type CompanyUpdateRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const updateCompany = (body: CompanyUpdateRequest) => api.request(routes.updateCompany, { body });

export const useUpdateCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => queryClient.setQueryData(queryKeys.company, company),
  });
};
