import { routes, type ConfirmEmailChangeRequest } from '@hullscope/contract';
import { api } from '@/lib/api';

export const confirmEmailChange = (body: ConfirmEmailChangeRequest) =>
  api.request(routes.confirmEmailChange, { body });
