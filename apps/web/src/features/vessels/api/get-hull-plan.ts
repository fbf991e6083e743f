import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getHullPlan = (vesselId: number) =>
  api.request(routes.vesselHullPlan, { params: { id: vesselId } });

/** The drawn plan; keyed by the vessel's last change, so saving new particulars draws it again. */
export const useHullPlan = (vesselId: number, updatedAt: string) =>
  useQuery({ queryKey: queryKeys.hullPlan(vesselId, updatedAt), queryFn: () => getHullPlan(vesselId) });
