import type { SharedInspection } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { Logo } from '@/components/ui/logo';

/** Whose inspection this is and until when the link works: the visitor knows no one here. */
export function SharedBanner({ shared }: { shared: SharedInspection }) {
  return (
    <Alert severity="info" icon={<Logo size={28} />} sx={{ mb: 2 }} data-testid="shared-banner">
      <AlertTitle>Shared by {shared.organisation}</AlertTitle>
      {shared.label ? `For ${shared.label}. ` : ''}A read-only view of one inspection; the link works until{' '}
      {new Date(shared.expires_at).toLocaleDateString()}.
    </Alert>
  );
}
