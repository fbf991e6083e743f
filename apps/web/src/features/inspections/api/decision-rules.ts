import { type DecisionRule, routes } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

export const getDecisionRules = () => api.request(routes.decisionRules, {});

export const useDecisionRules = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.decisionRules, queryFn: getDecisionRules, enabled });

export const updateDecisionRules = (rules: DecisionRule[]) =>
  api.request(routes.updateDecisionRules, { body: { rules } });

/** Saving the rules changes every inspection's actions: their checklists are read again. */
export const useUpdateDecisionRules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDecisionRules,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.decisionRules, saved);
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === 'projects' && query.queryKey[2] === 'inspection-areas',
      });
    },
  });
};
