import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RULES_HINT, RegisterRequest } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { ProfileFields } from '@/components/form/profile-fields';
import { useNotify } from '@/lib/notify';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';

type RegisterValues = z.input<typeof RegisterRequest>;

interface InvitationSignUpProps {
  token: string;
  /** The invited address: the new account must use it, so the field cannot be changed. */
  email: string;
  /** Called once the new account is signed in; it is already a member of the organisation. */
  onSignedIn: (tokens: { access: string; refresh: string }) => void;
  busy: boolean;
}

/**
 * Sign-up from an invitation: the address is the invited one, so the server confirms the account at
 * once and adds it to the organisation; the form then signs in with the new password.
 */
export function InvitationSignUp({ token, email, onSignedIn, busy }: InvitationSignUpProps) {
  const { control, handleSubmit } = useForm<RegisterValues, unknown, RegisterRequest>({
    defaultValues: {
      username: '',
      email,
      first_name: '',
      last_name: '',
      password: '',
      password2: '',
      invitation_token: token,
    },
    resolver: zodResolver(RegisterRequest),
  });
  const registration = useRegister();
  const login = useLogin();
  const notify = useNotify();
  const onSubmit = handleSubmit((values) =>
    registration.mutate(
      { ...values, email, invitation_token: token },
      {
        onSuccess: () =>
          login.mutate(
            { username: values.username, password: values.password },
            {
              onSuccess: onSignedIn,
              onError: (error) => notify.failure('Signing in failed', error),
            },
          ),
        onError: (error) => notify.failure('Signing up failed', error),
      },
    ),
  );
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up to accept">
      <ProfileFields control={control} emailHelperText="The invited address" lockedEmail />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        helperText={PASSWORD_RULES_HINT}
      />
      <FormTextField
        control={control}
        name="password2"
        label="Repeat Password"
        type="password"
        autoComplete="new-password"
        required
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        sx={{ mt: 2 }}
        loading={registration.isPending || login.isPending || busy}
      >
        Sign up and join
      </Button>
    </Box>
  );
}
