import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RULES_HINT, RegisterRequest } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { ProfileFields } from '@/components/form/profile-fields';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApiError, fieldErrorsOf, fieldMessagesOf, reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { tokenStore } from '@/lib/token-store';
import { useRegister } from '../api/register';
import { AuthFormHeading } from './auth-form-heading';
import { usePageTitle } from '@/hooks/use-page-title';

type RegisterValues = z.input<typeof RegisterRequest>;

const emptyValues: RegisterValues = {
  username: '',
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  password2: '',
};

/** The form's labels, for the server's messages (ProfileFields labels the first four). */
const LABELS = {
  username: 'Username',
  email: 'Email',
  first_name: 'First Name',
  last_name: 'Last Name',
  password: 'Password',
  password2: 'Repeat Password',
} as const;

export function RegisterForm() {
  usePageTitle('Sign up');
  const { control, handleSubmit, setError } = useForm<RegisterValues, unknown, RegisterRequest>({
    defaultValues: emptyValues,
    resolver: zodResolver(RegisterRequest),
  });
  const registration = useRegister();
  const notify = useNotify();
  const navigate = useNavigate();

  useEffect(() => {
    tokenStore.clear();
  }, []);

  const onSubmit = handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: () => {
        notify.success('Registered successfully');
        void navigate(paths.auth.finalizeRegistration);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? fieldErrorsOf(error.data) : null;
        if (!fields) {
          notify.error(`Something went wrong: ${reasonOf(error)}`);
          return;
        }
        // Spec §8: one toast per field listing its messages, here one per line, under the form's label.
        for (const [field, messages] of Object.entries(fields)) {
          notify.error(fieldMessagesOf({ [field]: [messages.join('\n')] }, LABELS).join(''));
          if (field in emptyValues) {
            setError(field as keyof RegisterValues, { message: messages.join(' ') });
          }
        }
      },
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      <AuthFormHeading>Sign up for {env.productName}</AuthFormHeading>
      <ProfileFields control={control} emailHelperText="Your company e-mail address" />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        helperText={PASSWORD_RULES_HINT}
      />
      <FormTextField
        control={control}
        name="password2"
        label="Repeat Password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        By signing up you accept our{' '}
        <Link component={RouterLink} to={paths.legal.terms}>
          Terms of Use
        </Link>{' '}
        and our{' '}
        <Link component={RouterLink} to={paths.legal.privacy}>
          Privacy Policy
        </Link>
        .
      </Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        loading={registration.isPending}
      >
        Sign up
      </Button>
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        Already registered?{' '}
        <Link component={RouterLink} to={paths.auth.login}>
          Sign in
        </Link>
      </Typography>
    </Box>
  );
}
