import { type InvitationPreview, routes } from '@hullscope/contract';
import { api } from '@/lib/api';
import { writeCurrentOrganisation } from '@/lib/current-organisation';

/**
 * After signing up from an invitation the new account is already a member: act in the invited
 * organisation (found by its name and the invited role beside the account's own organisation).
 */
export async function enterInvitedOrganisation(preview: InvitationPreview) {
  const organisations = await api.request(routes.listOrganisations, {});
  const joined =
    organisations.find(
      (candidate) => candidate.name === preview.organisation && candidate.role === preview.role,
    ) ?? organisations.find((candidate) => candidate.name === preview.organisation);
  if (!joined) return null;
  writeCurrentOrganisation(joined.id);
  return api.request(routes.switchOrganisation, { params: { organisationId: joined.id } });
}
