import { routes } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface ResetPasswordInput {
  user_id: string;
  token: string;
  password: string;
  password2: string;
}

export const resetPassword = (body: ResetPasswordInput) => api.request(routes.resetPassword, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
