import type { InvitationPreview } from '@hullscope/contract';
import Typography from '@mui/material/Typography';
import { roleLabels } from './role-label';

/** Who invites whom to what, as the invitation link's page states it. */
export function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        Join {preview.organisation}
      </Typography>
      <Typography sx={{ mb: 2 }} data-testid="invitation-summary">
        {preview.invited_by ?? 'A member'} invites {preview.email} as {roleLabels[preview.role].toLowerCase()}
        . The invitation is valid until {new Date(preview.expires_at).toLocaleDateString()}.
      </Typography>
    </>
  );
}
