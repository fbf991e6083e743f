import { roleAllows } from '@hullscope/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/ui/page-title';
import { useCurrentOrganisation } from '@/hooks/use-role';
import { useMembers } from '../api/get-members';
import { InvitationsCard } from './invitations-card';
import { MembersTable } from './members-table';
import { OrganisationCard } from './organisation-card';

/** The organisation: its name, members and roles, and (for admins) its invitations. */
export function MembersPage({ currentUserId }: { currentUserId: number | null }) {
  const organisation = useCurrentOrganisation();
  const members = useMembers();
  const role = organisation.data?.role;

  return (
    <Stack spacing={2}>
      <PageTitle>Organisation</PageTitle>
      {organisation.data && <OrganisationCard organisation={organisation.data} />}
      <Typography variant="h6" component="h2">
        Members
      </Typography>
      {role && <MembersTable members={members.data ?? []} role={role} currentUserId={currentUserId} />}
      {role && roleAllows(role, 'admin') && <InvitationsCard />}
    </Stack>
  );
}
