import { routes, type TokenRequest } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const login = (body: TokenRequest) => api.request(routes.obtainTokens, { body });

export const useLogin = () => useMutation({ mutationFn: login });
