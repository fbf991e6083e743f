import { routes, type ReviewUpdateRequest } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The unreviewed analysed images, those marked low confidence first, and how many are reviewed. */
export const useReviewQueue = (projectId: number) =>
  useQuery({
    queryKey: queryKeys.reviewQueue(projectId),
    queryFn: () => api.request(routes.reviewQueue, { params: { id: projectId } }),
  });

export function useUpdateReview(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, ...body }: ReviewUpdateRequest & { imageId: number }) =>
      api.request(routes.updateImageReview, { params: { id: projectId, imageId }, body }),
    onSuccess: () => {
      // The agreement figures may count the photo first: they refresh without holding up the queue.
      void client.invalidateQueries({ queryKey: queryKeys.projectAgreement(projectId) });
      void client.invalidateQueries({ queryKey: queryKeys.organisationAgreement });
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.reviewQueue(projectId) }),
        client.invalidateQueries({ queryKey: queryKeys.inspectionSummaries(projectId) }),
      ]);
    },
  });
}
