import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The plan of the inspection's vessel, read afresh each time the checklist opens (particulars may have changed). */
export const useInspectionHullPlan = (vesselId: number | null) =>
  useQuery({
    queryKey: queryKeys.hullPlan(vesselId ?? 0, 'inspection'),
    queryFn: () => api.request(routes.vesselHullPlan, { params: { id: vesselId! } }),
    enabled: vesselId !== null,
    staleTime: 0,
  });
