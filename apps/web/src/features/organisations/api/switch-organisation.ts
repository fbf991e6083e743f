import { routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { writeCurrentOrganisation } from '@/lib/current-organisation';

/**
 * Acts in another organisation from now on: this tab sends its id with every request, and the
 * server remembers it for requests without one (a new tab, the next sign-in).
 */
export const switchOrganisation = async (organisationId: number) => {
  writeCurrentOrganisation(organisationId);
  return api.request(routes.switchOrganisation, { params: { organisationId } });
};

/** Switches, then reloads every answer: all of them belonged to the organisation left. */
export const useSwitchOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchOrganisation,
    onSuccess: () => queryClient.resetQueries(),
  });
};
