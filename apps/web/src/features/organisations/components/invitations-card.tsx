import { zodResolver } from '@hookform/resolvers/zod';
import { type Invitation, InvitationRequest } from '@hullscope/contract';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { useNotify } from '@/lib/notify';
import { useCreateInvitation, useResendInvitation, useRevokeInvitation } from '../api/change-invitations';
import { useInvitations } from '../api/get-invitations';
import { roleLabels } from './role-label';

type InvitationValues = z.input<typeof InvitationRequest>;
type InvitationInput = z.output<typeof InvitationRequest>;
const invitedRoles = ['viewer', 'member', 'admin'] as const;

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const notify = useNotify();
  const pending = invitation.status === 'PENDING';
  return (
    <TableRow hover>
      <TableCell>{invitation.email}</TableCell>
      <TableCell>{roleLabels[invitation.role]}</TableCell>
      <TableCell>{invitation.status.toLowerCase()}</TableCell>
      <TableCell>{invitation.invited_by ?? '–'}</TableCell>
      <TableCell>{new Date(invitation.expires_at).toLocaleDateString()}</TableCell>
      <TableCell align="right">
        {pending && (
          <Stack direction="row" spacing={1} justifyContent="flex-end">
            <Button
              size="small"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(invitation.id, {
                  onSuccess: () => notify.success(`Invitation sent to ${invitation.email} again`),
                  onError: (error) => notify.failure('Resending the invitation failed', error),
                })
              }
            >
              Resend
            </Button>
            <Button
              size="small"
              color="error"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(invitation.id, {
                  onSuccess: () => notify.success(`Invitation of ${invitation.email} revoked`),
                  onError: (error) => notify.failure('Revoking the invitation failed', error),
                })
              }
            >
              Revoke
            </Button>
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}

/** Admins invite by e-mail with a role, and resend or revoke what is still pending. */
export function InvitationsCard() {
  const invitations = useInvitations();
  const creation = useCreateInvitation();
  const notify = useNotify();
  const { control, handleSubmit, reset } = useForm<InvitationValues, unknown, InvitationInput>({
    resolver: zodResolver(InvitationRequest),
    defaultValues: { email: '', role: 'member' },
  });
  const invite = (values: InvitationInput) =>
    creation.mutate(values, {
      onSuccess: (invitation) => {
        notify.success(`Invitation sent to ${invitation.email}`);
        reset({ email: '', role: values.role });
      },
      onError: (error) => notify.failure('Inviting failed', error, { email: 'E-mail' }),
    });

  return (
    <Paper variant="outlined" component="section" aria-label="Invitations" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        Invitations
      </Typography>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems={{ sm: 'flex-start' }}
        onSubmit={(event) => void handleSubmit(invite)(event)}
        sx={{ mb: 2 }}
      >
        <FormTextField
          control={control}
          name="email"
          label="E-mail"
          type="email"
          size="small"
          sx={{ flex: 1 }}
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label="Role"
              value={field.value}
              onChange={field.onChange}
              sx={{ minWidth: 140 }}
            >
              {invitedRoles.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabels[role]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" loading={creation.isPending}>
          Invite
        </Button>
      </Stack>
      <Table size="small" aria-label="Invitations">
        <TableHead>
          <TableRow>
            {['E-mail', 'Role', 'Status', 'Invited by', 'Expires', ''].map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(invitations.data ?? []).length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography color="text.secondary">No invitations yet.</Typography>
              </TableCell>
            </TableRow>
          )}
          {(invitations.data ?? []).map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
