import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useNotify } from '@/lib/notify';
import { useDeleteUser } from '../api/delete-user';

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteUser();
  const { signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();

  const confirm = () =>
    deletion.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        notify.success('Your account was successfully deleted');
        signOut();
        void navigate(paths.auth.login);
      },
      onError: (error) => notify.failure('Account deletion failed', error),
    });

  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<DeleteForeverIcon />}
        onClick={() => setOpen(true)}
      >
        Delete Account
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete User Account"
        text="Please confirm to permanently delete your account. This cannot be undone."
        confirmLabel="Delete Account"
        busy={deletion.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
