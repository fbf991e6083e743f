import { routes, type ChangePasswordRequest } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Answers fresh tokens: the change revokes every earlier refresh token, this browser's included. */
export const changePassword = (body: ChangePasswordRequest) => api.request(routes.changePassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
