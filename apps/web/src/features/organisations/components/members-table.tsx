import { ORGANISATION_ROLES, type Member, type OrganisationRole, roleAllows } from '@hullscope/contract';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/lib/notify';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { roleLabels } from './role-label';

interface MembersTableProps {
  members: Member[];
  /** The signed-in user's role here; admins and owners manage the others. */
  role: OrganisationRole;
  currentUserId: number | null;
}

/** Who may change `member`: admins manage members and admins, only an owner manages owners. */
function manages(role: OrganisationRole, member: Member): boolean {
  return roleAllows(role, 'admin') && (member.role !== 'owner' || role === 'owner');
}

/** The members with their roles; an admin changes roles and removes members (leaving is elsewhere). */
export function MembersTable({ members, role, currentUserId }: MembersTableProps) {
  const update = useUpdateMember();
  const removal = useRemoveMember();
  const notify = useNotify();
  const [removing, setRemoving] = useState<Member | null>(null);
  // Only an owner gives the owner role.
  const offered = ORGANISATION_ROLES.filter((candidate) => candidate !== 'owner' || role === 'owner');

  const changeRole = (member: Member, next: OrganisationRole) =>
    update.mutate(
      { userId: member.user_id, role: next },
      {
        onSuccess: () => notify.success(`${member.username} is now ${roleLabels[next].toLowerCase()}`),
        onError: (error) => notify.failure('Changing the role failed', error),
      },
    );

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Members">
        <TableHead>
          <TableRow>
            {['Name', 'Username', 'E-mail', 'Role', 'Joined', ''].map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => {
            const self = member.user_id === currentUserId;
            const editable = manages(role, member) && !self;
            return (
              <TableRow key={member.user_id} hover>
                <TableCell>
                  {member.first_name} {member.last_name}
                  {self && ' (you)'}
                </TableCell>
                <TableCell>{member.username}</TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell>
                  {editable ? (
                    <Select
                      size="small"
                      value={member.role}
                      disabled={update.isPending}
                      inputProps={{ 'aria-label': `Role of ${member.username}` }}
                      onChange={(event) => changeRole(member, event.target.value as OrganisationRole)}
                    >
                      {offered.map((candidate) => (
                        <MenuItem key={candidate} value={candidate}>
                          {roleLabels[candidate]}
                        </MenuItem>
                      ))}
                    </Select>
                  ) : (
                    roleLabels[member.role]
                  )}
                </TableCell>
                <TableCell>{new Date(member.joined_at).toLocaleDateString()}</TableCell>
                <TableCell align="right">
                  {editable && (
                    <Tooltip title="Remove from the organisation">
                      <IconButton
                        aria-label={`Remove ${member.username}`}
                        onClick={() => setRemoving(member)}
                      >
                        <PersonRemoveIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.username ?? ''}?`}
        text="They lose access to the organisation's vessels, projects and credits at once. What they made stays."
        confirmLabel="Remove"
        busy={removal.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          removal.mutate(removing.user_id, {
            onSuccess: () => {
              notify.success(`${removing.username} was removed`);
              setRemoving(null);
            },
            onError: (error) => notify.failure('Removing the member failed', error),
          })
        }
      />
    </TableContainer>
  );
}
