import { useUser } from '@/features/account/api/get-user';
import { MembersPage } from '@/features/organisations/components/members-page';

/** The organisation's page: members and invitations, knowing which member is the user. */
export function OrganisationRoute() {
  const user = useUser();
  return <MembersPage currentUserId={user.data?.id || null} />;
}
