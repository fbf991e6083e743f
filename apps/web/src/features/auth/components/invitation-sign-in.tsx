import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { useLogin } from '../api/login';

interface InvitationSignInProps {
  /** Called with the tokens once signed in; the page then accepts the invitation. */
  onSignedIn: (tokens: { access: string; refresh: string }) => void;
  busy: boolean;
}

/** Sign-in on an invitation's page: the invited user stays on the page that accepts it. */
export function InvitationSignIn({ onSignedIn, busy }: InvitationSignInProps) {
  const { control, handleSubmit } = useForm({ defaultValues: { username: '', password: '' } });
  const login = useLogin();
  const notify = useNotify();
  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) =>
        notify.error(`Something went wrong, please check your credentials: ${reasonOf(error)}`),
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in to accept">
      <FormTextField control={control} name="username" label="username" autoComplete="username" fullWidth />
      <FormTextField
        control={control}
        name="password"
        label="password"
        type="password"
        autoComplete="current-password"
        fullWidth
      />
      <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} loading={login.isPending || busy}>
        Sign in and accept
      </Button>
    </Box>
  );
}
