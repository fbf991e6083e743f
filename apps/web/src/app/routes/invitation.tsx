import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { InvitationSignIn } from '@/features/auth/components/invitation-sign-in';
import { InvitationSignUp } from '@/features/auth/components/invitation-sign-up';
import { enterInvitedOrganisation } from '@/features/organisations/api/enter-organisation';
import { useAcceptInvitation, useInvitationPreview } from '@/features/organisations/api/invitation';
import { InvitationSummary } from '@/features/organisations/components/invitation-summary';
import { usePageTitle } from '@/hooks/use-page-title';
import { reasonOf } from '@/lib/api-errors';
import { useAuth } from '@/lib/auth';
import { useNotify } from '@/lib/notify';

/**
 * An invitation link (/invitation?token=): the organisation, role and address it offers; a signed-in
 * user accepts it, a visitor signs in (then accepts) or signs up with the invited address (which
 * joins). Either way the user lands in the organisation.
 */
export function InvitationRoute() {
  usePageTitle('Invitation');
  const token = useSearchParams()[0].get('token') ?? '';
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const { status, signIn } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const [tab, setTab] = useState<'sign-in' | 'sign-up' | null>(null);
  const [entering, setEntering] = useState(false);

  if (token === '') return <Alert severity="error">This invitation link is incomplete.</Alert>;
  if (preview.isError) {
    return <Alert severity="error">This invitation cannot be used: {reasonOf(preview.error)}</Alert>;
  }
  if (!preview.data || status === 'unknown') return <LoadingScreen />;
  const invitation = preview.data;
  const arrive = (name: string) => {
    notify.successIntoApp(`You joined ${name}`);
    void navigate(paths.home);
  };
  const acceptNow = () =>
    accept.mutate(token, {
      onSuccess: (organisation) => arrive(organisation.name),
      onError: (error) => notify.failure('Accepting the invitation failed', error),
    });
  const shown = tab ?? (invitation.account_exists ? 'sign-in' : 'sign-up');

  return (
    <Box>
      <InvitationSummary preview={invitation} />
      {status === 'authenticated' ? (
        <Button variant="contained" fullWidth loading={accept.isPending} onClick={acceptNow}>
          Accept invitation
        </Button>
      ) : (
        <>
          <Tabs value={shown} onChange={(_, value: 'sign-in' | 'sign-up') => setTab(value)} sx={{ mb: 1 }}>
            <Tab value="sign-in" label="I have an account" />
            <Tab value="sign-up" label="I am new" />
          </Tabs>
          {shown === 'sign-in' ? (
            <InvitationSignIn
              busy={accept.isPending}
              onSignedIn={(tokens) => {
                signIn(tokens);
                acceptNow();
              }}
            />
          ) : (
            <InvitationSignUp
              token={token}
              email={invitation.email}
              busy={entering}
              onSignedIn={(tokens) => {
                signIn(tokens);
                setEntering(true);
                void enterInvitedOrganisation(invitation)
                  .then(() => queryClient.resetQueries())
                  .finally(() => arrive(invitation.organisation));
              }}
            />
          )}
        </>
      )}
    </Box>
  );
}
