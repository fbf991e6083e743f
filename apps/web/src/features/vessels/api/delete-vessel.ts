import { routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const deleteVessel = (id: number) => api.request(routes.deleteVessel, { params: { id } });

export const useDeleteVessel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVessel,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.vessel(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: queryKeys.vessels, exact: true });
    },
  });
};
