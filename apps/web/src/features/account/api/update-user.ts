import { routes, type UserUpdateRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const updateUser = (body: UserUpdateRequest) => api.request(routes.updateUser, { body });

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.user, user),
  });
};
