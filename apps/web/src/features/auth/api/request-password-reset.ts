import { routes, type PasswordResetEmailRequest } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const requestPasswordReset = (body: PasswordResetEmailRequest) =>
  api.request(routes.requestPasswordReset, { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
