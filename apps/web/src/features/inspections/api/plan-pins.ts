import {
  type ImagePlanPositionUpdate,
  type PlanInterpolateRequest,
  type PlanPins,
  routes,
} from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The inspection's photos as pins on its vessel's plan (a fresh plan: particulars may have changed). */
export const usePlanPins = (projectId: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.planPins(projectId),
    queryFn: () => api.request(routes.planPins, { params: { id: projectId } }),
    enabled,
    staleTime: 0,
  });

/** Places one photo (a point, or back by its zone); the answer is every pin, kept as the query's data. */
export const usePlacePhoto = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, position }: { imageId: number; position: ImagePlanPositionUpdate }) =>
      api.request(routes.updateImagePlanPosition, {
        params: { id: projectId, imageId },
        body: position,
      }),
    onSuccess: (pins: PlanPins) => queryClient.setQueryData(queryKeys.planPins(projectId), pins),
  });
};

/** Places the frames of one video between two placed frames. */
export const useInterpolateFrames = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanInterpolateRequest) =>
      api.request(routes.interpolatePlanPins, { params: { id: projectId }, body }),
    onSuccess: ({ interpolated: _count, ...pins }) =>
      queryClient.setQueryData(queryKeys.planPins(projectId), pins),
  });
};
