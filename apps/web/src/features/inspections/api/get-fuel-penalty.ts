import { routes } from '@hullscope/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getFuelPenalty = (projectId: number) =>
  api.request(routes.fuelPenalty, { params: { id: projectId }, query: {} });

export const useFuelPenalty = (projectId: number, enabled = true) =>
  useQuery({ queryKey: queryKeys.fuelPenalty(projectId), queryFn: () => getFuelPenalty(projectId), enabled });
