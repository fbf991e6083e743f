import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { SectionCard } from '@/components/ui/section-card';
import { useAuth } from '@/lib/auth';
import { useNotify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

const emptyValues: ChangePasswordRequest = { old_password: '', password: '', password2: '' };

export function ChangePasswordCard() {
  const { control, handleSubmit, reset } = useForm<ChangePasswordRequest>({
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
      onError: (error) => notify.failure('Changing the password failed', error),
    }),
  );

  return (
    <SectionCard title="Change Your Password">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change Your Password">
        <FormTextField
          control={control}
          name="old_password"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <FormTextField
          control={control}
          name="password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormTextField
          control={control}
          name="password2"
          label="Repeat New Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={change.isPending}>
          Change Password
        </Button>
      </Box>
    </SectionCard>
  );
}
