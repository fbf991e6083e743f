import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetEmailRequest } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '@/components/form/form-text-field';
import { paths } from '@/config/paths';
import { reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { tokenStore } from '@/lib/token-store';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthFormHeading } from './auth-form-heading';
import { usePageTitle } from '@/hooks/use-page-title';

export function RequestPasswordResetForm() {
  usePageTitle('Reset Your Password');
  const { control, handleSubmit } = useForm<PasswordResetEmailRequest>({
    defaultValues: { email: '' },
    resolver: zodResolver(PasswordResetEmailRequest),
  });
  const requestReset = useRequestPasswordReset();
  const notify = useNotify();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    tokenStore.clear();
  }, []);

  const onSubmit = handleSubmit((values) =>
    requestReset.mutate(values, {
      onSuccess: () => {
        setSent(true);
        notify.success('An email was sent to your account.');
      },
      onError: (error) => notify.error(`Something went wrong: ${reasonOf(error)}`),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset Your Password">
      <AuthFormHeading>Reset Your Password</AuthFormHeading>
      {sent ? (
        <Alert severity="success" sx={{ my: 2 }}>
          Please check your email and follow the instructions to reset your password.
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Enter the e-mail address of your account and we will send you a link to set a new password.
          </Typography>
          <FormTextField
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            autoFocus
          />
        </>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={sent}
        loading={requestReset.isPending}
      >
        Submit
      </Button>
      <Typography variant="body2" sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.auth.login}>
          Back to sign in
        </Link>
      </Typography>
    </Box>
  );
}
