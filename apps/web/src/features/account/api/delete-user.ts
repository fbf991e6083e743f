import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The spec's DELETE takes no body; ours always carries the current password, which the server
 * checks whenever it is sent.
 */
export const deleteUser = (password: string) => api.request(routes.deleteUser, { body: { password } });

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
