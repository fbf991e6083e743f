import { routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const renameOrganisation = (name: string) =>
  api.request(routes.renameOrganisation, { body: { name } });

export const useRenameOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganisation,
    onSuccess: (organisation) => {
      queryClient.setQueryData(queryKeys.organisation, organisation);
      return queryClient.invalidateQueries({ queryKey: queryKeys.organisations });
    },
  });
};
