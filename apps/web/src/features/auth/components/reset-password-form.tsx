import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RULES_HINT, SetNewPasswordForm } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { FormTextField } from '@/components/form/form-text-field';
import { paths } from '@/config/paths';
import { reasonOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { AuthFormHeading } from './auth-form-heading';
import { usePageTitle } from '@/hooks/use-page-title';

/** The e-mailed reset link's screen: uid and token come from the query string (spec §2.2). */
export function ResetPasswordForm() {
  usePageTitle('Set New Password');
  const [searchParams] = useSearchParams();
  const { control, handleSubmit } = useForm<SetNewPasswordForm>({
    defaultValues: { password: '', password2: '' },
    resolver: zodResolver(SetNewPasswordForm),
  });
  const reset = useResetPassword();
  const notify = useNotify();
  const navigate = useNavigate();

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { user_id: searchParams.get('uid') ?? '', token: searchParams.get('token') ?? '', ...values },
      {
        onSuccess: () => {
          notify.success('Password successfully reset.');
          void navigate(`${paths.auth.login}/`);
        },
        onError: (error) => notify.error(`Something went wrong: ${reasonOf(error)}`),
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Set New Password">
      <AuthFormHeading>Set New Password</AuthFormHeading>
      <FormTextField
        control={control}
        name="password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        helperText={PASSWORD_RULES_HINT}
        autoFocus
      />
      <FormTextField
        control={control}
        name="password2"
        label="Repeat New Password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        loading={reset.isPending}
      >
        Submit
      </Button>
    </Box>
  );
}
