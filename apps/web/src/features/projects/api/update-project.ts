import { routes, type ProjectUpdateRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const updateProject = ({ id, ...fields }: ProjectUpdateRequest & { id: number }) =>
  api.request(routes.updateProject, { params: { id }, body: { id, ...fields } });

export const useUpdateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    // A project is an inspection of the vessel it names: the vessels' inspection lists change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vessels }),
      ]),
  });
};
