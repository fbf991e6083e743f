import { type InspectionAreasUpdateRequest, routes } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getInspectionAreas = (projectId: number) =>
  api.request(routes.inspectionAreas, { params: { id: projectId }, query: {} });

/** The checklist with its actions (the most used model and resolution rate the areas). */
export const useInspectionAreas = (projectId: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.inspectionAreas(projectId),
    queryFn: () => getInspectionAreas(projectId),
    enabled,
  });

export const updateInspectionAreas = ({
  projectId,
  areas,
}: {
  projectId: number;
  areas: InspectionAreasUpdateRequest;
}) => api.request(routes.updateInspectionAreas, { params: { id: projectId }, query: {}, body: areas });

export const useUpdateInspectionAreas = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (areas: InspectionAreasUpdateRequest) => updateInspectionAreas({ projectId, areas }),
    onSuccess: (checklist) => queryClient.setQueryData(queryKeys.inspectionAreas(projectId), checklist),
  });
};
