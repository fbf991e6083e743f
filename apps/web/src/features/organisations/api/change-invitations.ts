import { type InvitationRequest, routes } from '@hullscope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Invite, resend and revoke: the three changes of the pending invitations' list. */
export const createInvitation = (body: z.input<typeof InvitationRequest>) =>
  api.request(routes.createInvitation, { body });

export const resendInvitation = (invitationId: number) =>
  api.request(routes.resendInvitation, { params: { invitationId } });

export const revokeInvitation = (invitationId: number) =>
  api.request(routes.revokeInvitation, { params: { invitationId } });

function useInvitationChange<A, R>(change: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}

export const useCreateInvitation = () => useInvitationChange(createInvitation);
export const useResendInvitation = () => useInvitationChange(resendInvitation);
export const useRevokeInvitation = () => useInvitationChange(revokeInvitation);
