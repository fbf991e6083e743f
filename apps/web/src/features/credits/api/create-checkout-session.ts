import { routes, type CheckoutSessionRequest } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const createCheckoutSession = (body: CheckoutSessionRequest) =>
  api.request(routes.createCheckoutSession, { body });

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
