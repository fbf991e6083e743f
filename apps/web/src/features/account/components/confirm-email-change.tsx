import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { confirmEmailChange } from '../api/confirm-email-change';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * The page of the link mailed to a new e-mail address: like the registration confirmation, it calls
 * the endpoint once on open with the link's uid and token, then goes to the Account page (the sign-in
 * page when this browser is signed out). Unlike it, it keeps the session: the user stays signed in.
 */
export function ConfirmEmailChange() {
  usePageTitle('Confirm e-mail address');
  const [searchParams] = useSearchParams();
  const uid = searchParams.get('uid') ?? '';
  const token = searchParams.get('token') ?? '';
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The link's token is single-use; a second call (e.g. React's development double effect) would fail.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmEmailChange({ uid, token }).then(
      ({ message }) => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.user });
        notify.success(message);
        void navigate(paths.app.account);
      },
      (error: unknown) => {
        const reason = reasonOf(error);
        notify.error(`Your e-mail address could not be changed: ${reason}`);
        setFailure(reason);
      },
    );
  }, [uid, token, notify, navigate, queryClient]);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Confirm your new e-mail address
      </Typography>
      {failure === null ? (
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} aria-label="Confirming" />
          <Typography>Confirming your new e-mail address…</Typography>
        </Stack>
      ) : (
        <>
          <Alert severity="error">Your e-mail address could not be changed: {failure}</Alert>
          <Button component={RouterLink} to={paths.app.account} variant="outlined">
            Go to your account
          </Button>
        </>
      )}
    </Stack>
  );
}
