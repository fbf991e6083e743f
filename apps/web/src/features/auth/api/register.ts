import { routes, type RegisterRequest } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const register = (body: RegisterRequest) => api.request(routes.register, { body });

export const useRegister = () => useMutation({ mutationFn: register });
