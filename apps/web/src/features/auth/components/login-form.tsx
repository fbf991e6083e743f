import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '@/components/form/form-text-field';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { reasonOf } from '@/lib/api-errors';
import { useAuth } from '@/lib/auth';
import { useNotify } from '@/lib/notify';
import { useLogin } from '../api/login';
import { AuthFormHeading } from './auth-form-heading';
import { useFormFailureToasts } from '@/hooks/use-form-failure-toasts';
import { usePageTitle } from '@/hooks/use-page-title';

interface LoginValues {
  username: string;
  password: string;
}

/** Spec §2.2: the fields are labelled as required, but the form itself sets no client-side rule. */
export function LoginForm() {
  usePageTitle('Sign in');
  const { control, handleSubmit } = useForm<LoginValues>({ defaultValues: { username: '', password: '' } });
  const login = useLogin();
  const { signIn } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const failures = useFormFailureToasts();

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (tokens) => {
        signIn(tokens);
        failures.dismiss();
        notify.successIntoApp('Logged in successfully');
        void navigate(paths.home);
      },
      onError: (error) =>
        failures.keep(
          notify.error(`Something went wrong, please check your credentials: ${reasonOf(error)}`),
        ),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      <AuthFormHeading>Sign in to {env.productName}</AuthFormHeading>
      <FormTextField
        control={control}
        name="username"
        label="username"
        autoComplete="username"
        autoFocus
        slotProps={{ inputLabel: { required: true } }}
      />
      <FormTextField
        control={control}
        name="password"
        label="password"
        type="password"
        autoComplete="current-password"
        slotProps={{ inputLabel: { required: true } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        loading={login.isPending}
      >
        Sign in
      </Button>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mt: 2 }}>
        <Button component={RouterLink} to={paths.auth.requestPasswordReset} variant="text" size="small">
          Forgot password?
        </Button>
        <Button
          component={RouterLink}
          to={paths.auth.register}
          variant="outlined"
          size="small"
          disabled={env.signupDisabled}
        >
          Sign up
        </Button>
      </Stack>
    </Box>
  );
}
