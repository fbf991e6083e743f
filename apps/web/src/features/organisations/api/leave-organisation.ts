import { routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { writeCurrentOrganisation } from '@/lib/current-organisation';

/** Leaving or deleting ends work in the organisation: the tab falls back to the server's choice. */
async function forgetOrganisation<T>(action: () => Promise<T>): Promise<T> {
  const answer = await action();
  writeCurrentOrganisation(null);
  return answer;
}

export const leaveOrganisation = () => forgetOrganisation(() => api.request(routes.leaveOrganisation, {}));

export const deleteOrganisation = (name: string) =>
  forgetOrganisation(() => api.request(routes.deleteOrganisation, { body: { name } }));

export const useLeaveOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveOrganisation, onSuccess: () => queryClient.resetQueries() });
};

export const useDeleteOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteOrganisation, onSuccess: () => queryClient.resetQueries() });
};
