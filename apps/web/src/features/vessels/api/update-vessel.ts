import { routes, type VesselUpdateRequest } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const updateVessel = ({ id, ...body }: VesselUpdateRequest & { id: number }) =>
  api.request(routes.updateVessel, { params: { id }, body });

export const useUpdateVessel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVessel,
    onSuccess: (vessel) => {
      queryClient.setQueryData(queryKeys.vessel(vessel.id), vessel);
      return queryClient.invalidateQueries({ queryKey: queryKeys.vessels, exact: true });
    },
  });
};
