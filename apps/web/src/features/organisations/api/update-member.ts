import { type OrganisationRole, routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const updateMember = ({ userId, role }: { userId: number; role: OrganisationRole }) =>
  api.request(routes.updateMember, { params: { userId }, body: { role } });

export const useUpdateMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    // The user may have changed their own role: what the pages offer follows it.
    onSuccess: (members) => {
      queryClient.setQueryData(queryKeys.members, members);
      return queryClient.invalidateQueries({ queryKey: queryKeys.organisation, exact: true });
    },
  });
};
