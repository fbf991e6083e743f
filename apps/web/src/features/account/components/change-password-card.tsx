import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest, PASSWORD_RULES_HINT } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { SectionCard } from '@/components/ui/section-card';
import { ApiError, fieldErrorsOf } from '@/lib/api-errors';
import { useAuth } from '@/lib/auth';
import { useNotify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

const emptyValues: ChangePasswordRequest = { old_password: '', password: '', password2: '' };
const LABELS = {
  old_password: 'Current Password',
  password: 'New Password',
  password2: 'Repeat New Password',
} as const;

export function ChangePasswordCard() {
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordRequest>({
    defaultValues: emptyValues,
    resolver: zodResolver(ChangePasswordRequest),
  });
  const change = useChangePassword();
  const { signIn } = useAuth();
  const notify = useNotify();

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ access, refresh }) => {
        signIn({ access, refresh });
        reset(emptyValues);
        notify.success('Changed password successfully');
      },
      onError: (error) => {
        // Each refusal also stands under its own field.
        const fields = error instanceof ApiError ? fieldErrorsOf(error.data) : null;
        for (const [field, messages] of Object.entries(fields ?? {})) {
          if (field in emptyValues)
            setError(field as keyof ChangePasswordRequest, { message: messages.join(' ') });
        }
        notify.failure('Changing the password failed', error, LABELS);
      },
    }),
  );

  return (
    <SectionCard title="Change Your Password">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change Your Password">
        <FormTextField
          control={control}
          name="old_password"
          label={LABELS.old_password}
          type="password"
          autoComplete="current-password"
          required
        />
        <FormTextField
          control={control}
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="new-password"
          required
          helperText={PASSWORD_RULES_HINT}
        />
        <FormTextField
          control={control}
          name="password2"
          label={LABELS.password2}
          type="password"
          autoComplete="new-password"
          required
        />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid="password-change-effects"
        >
          A new password signs you out on every other device and revokes every API key you made; an
          integration that used one needs a new key.
        </Typography>
        <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={change.isPending}>
          Change Password
        </Button>
      </Box>
    </SectionCard>
  );
}
