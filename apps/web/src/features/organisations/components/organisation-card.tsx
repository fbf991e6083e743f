import { OrganisationNameRequest, type Organisation, roleAllows } from '@hullscope/contract';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { TextPromptDialog } from '@/components/form/text-prompt-dialog';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useNotify } from '@/lib/notify';
import { useDeleteOrganisation, useLeaveOrganisation } from '../api/leave-organisation';
import { useRenameOrganisation } from '../api/rename-organisation';
import { roleLabels } from './role-label';

type Dialog = 'rename' | 'leave' | 'delete' | null;

/** The organisation's name and the user's role; rename (admin), leave, delete (owner). */
export function OrganisationCard({ organisation }: { organisation: Organisation }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const rename = useRenameOrganisation();
  const leave = useLeaveOrganisation();
  const deletion = useDeleteOrganisation();
  const notify = useNotify();
  const navigate = useNavigate();
  const close = () => setDialog(null);
  const leaveTheOrganisation = (message: string) => {
    close();
    notify.success(message);
    void navigate(paths.home);
  };

  return (
    <Paper variant="outlined" component="section" aria-label="Organisation" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <div style={{ flex: 1 }}>
          <Typography variant="h6" component="h2" data-testid="organisation-name">
            {organisation.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Your role: {roleLabels[organisation.role]} · {organisation.members}{' '}
            {organisation.members === 1 ? 'member' : 'members'}
          </Typography>
        </div>
        {roleAllows(organisation.role, 'admin') && (
          <Button onClick={() => setDialog('rename')}>Rename</Button>
        )}
        <Button onClick={() => setDialog('leave')}>Leave</Button>
        {organisation.role === 'owner' && (
          <Button color="error" onClick={() => setDialog('delete')}>
            Delete organisation
          </Button>
        )}
      </Stack>
      <TextPromptDialog
        open={dialog === 'rename'}
        title="Rename the organisation"
        label="Name"
        submitLabel="Rename"
        initialValue={organisation.name}
        rule={OrganisationNameRequest.shape.name}
        busy={rename.isPending}
        onClose={close}
        onSubmit={(name) =>
          rename.mutate(name, {
            onSuccess: () => {
              close();
              notify.success('Organisation renamed');
            },
            onError: (error) => notify.failure('Renaming failed', error),
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'leave'}
        title={`Leave ${organisation.name}?`}
        text="You lose access to its vessels, projects and credits until someone invites you again."
        confirmLabel="Leave"
        busy={leave.isPending}
        onClose={close}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => leaveTheOrganisation(`You left ${organisation.name}`),
            onError: (error) => notify.failure('Leaving failed', error),
          })
        }
      />
      <TextPromptDialog
        open={dialog === 'delete'}
        title={`Delete ${organisation.name}?`}
        text="Its vessels, projects, images, predictions and credits are deleted for every member. Type its name to confirm."
        label="Organisation name"
        submitLabel="Delete"
        destructive
        rule={z.string().refine((typed) => typed === organisation.name, 'Type the name exactly as shown.')}
        busy={deletion.isPending}
        onClose={close}
        onSubmit={(name) =>
          deletion.mutate(name, {
            onSuccess: () => leaveTheOrganisation(`${organisation.name} was deleted`),
            onError: (error) => notify.failure('Deleting failed', error),
          })
        }
      />
    </Paper>
  );
}
