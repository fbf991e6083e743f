import { routes, type ProjectCreateRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const createProject = (body: ProjectCreateRequest) => api.request(routes.createProject, { body });

export const useCreateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    // A project is an inspection of the vessel it names: the vessels' inspection lists change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
        queryClient.invalidateQueries({ queryKey: queryKeys.vessels }),
      ]),
  });
};
