import { routes } from '@hullscope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { writeCurrentOrganisation } from '@/lib/current-organisation';

/** What an invitation link offers; it needs no account, so a visitor sees it before signing up. */
export const previewInvitation = (token: string) =>
  api.request(routes.previewInvitation, { body: { token } });

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation-preview', token],
    queryFn: () => previewInvitation(token),
    enabled: token !== '',
  });

/** Joins, then acts in the organisation joined: that is why the user followed the link. */
export const acceptInvitation = async (token: string) => {
  const organisation = await api.request(routes.acceptInvitation, { body: { token } });
  writeCurrentOrganisation(organisation.id);
  await api.request(routes.switchOrganisation, { params: { organisationId: organisation.id } });
  return organisation;
};

export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.resetQueries() });
};
