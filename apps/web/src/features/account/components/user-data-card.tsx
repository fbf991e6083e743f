import { zodResolver } from '@hookform/resolvers/zod';
import { UserUpdateRequest, type User } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ProfileFields } from '@/components/form/profile-fields';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/lib/notify';
import { useUpdateUser } from '../api/update-user';

function formValues(user: User): UserUpdateRequest {
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
  };
}

export function UserDataCard({ user }: { user: User }) {
  const { control, handleSubmit, reset } = useForm<UserUpdateRequest>({
    defaultValues: formValues(user),
    resolver: zodResolver(UserUpdateRequest),
  });
  const update = useUpdateUser();
  const notify = useNotify();

  useEffect(() => reset(formValues(user)), [user, reset]);

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => notify.success('Updated user data successfully'),
      onError: (error) => notify.failure('Updating user data failed', error),
    }),
  );

  return (
    <SectionCard title={`Your User Data (ID: ${user.id})`}>
      {user.pending_email !== undefined && (
        // A new address counts only once the link sent to it is opened; until then mail goes to the old.
        <Alert severity="info" sx={{ mb: 2 }}>
          A confirmation link was sent to <strong>{user.pending_email}</strong>. Your e-mail address changes
          when you open it; until then it stays {user.email}.
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Your User Data">
        <ProfileFields control={control} />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} loading={update.isPending}>
          Save User Data
        </Button>
      </Box>
    </SectionCard>
  );
}
