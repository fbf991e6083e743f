import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const deleteUser = () => api.request(routes.deleteUser, {});

export const useDeleteUser = () => useMutation({ mutationFn: deleteUser });
