import { routes, type SchedulePayload } from '@hullscope/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const validatePredictRequest = ({ projectId, ...body }: SchedulePayload & { projectId: number }) =>
  api.request(routes.validatePredictRequest, { params: { id: projectId }, body });

export const useValidatePredictRequest = () => useMutation({ mutationFn: validatePredictRequest });
