import { routes, type VesselCreateRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const createVessel = (body: VesselCreateRequest) => api.request(routes.createVessel, { body });

export const useCreateVessel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVessel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.vessels, exact: true }),
  });
};
