import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { tokenStore } from '@/lib/token-store';
import { confirmRegistration } from '../api/confirm-registration';
import { AuthFormHeading } from './auth-form-heading';
import { usePageTitle } from '@/hooks/use-page-title';

/** Calls the confirmation endpoint once on open with the link's uid and token (spec §2.2). */
export function ConfirmRegistration() {
  usePageTitle('Confirm registration');
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid') ?? '';
  const token = searchParams.get('token') ?? '';
  const notify = useNotify();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // The link's token is single-use; a second call (e.g. React's development double effect) would fail.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmRegistration({ uid, token }).then(
      () => {
        tokenStore.clear();
        notify.success('Your email has been confirmed. You can now login.');
        void navigate(paths.auth.login);
      },
      (error: unknown) => {
        const reason = reasonOf(error);
        notify.error(`Your email could not be confirmed: ${reason}`);
        setFailure(reason);
      },
    );
  }, [uid, token, notify, navigate]);

  return (
    <Stack spacing={2}>
      <AuthFormHeading>Confirm your e-mail address</AuthFormHeading>
      {failure === null ? (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} aria-label="Confirming" />
          <Typography>Confirming your e-mail address…</Typography>
        </Stack>
      ) : (
        <>
          <Alert severity="error">Your email could not be confirmed: {failure}</Alert>
          <Button component={RouterLink} to={paths.auth.login} variant="outlined">
            Go to sign in
          </Button>
        </>
      )}
    </Stack>
  );
}
