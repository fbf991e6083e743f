import { routes, type ConfirmRegistrationRequest } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const confirmRegistration = (body: ConfirmRegistrationRequest) =>
  api.request(routes.confirmRegistration, { body });

export const useConfirmRegistration = () => useMutation({ mutationFn: confirmRegistration });
