import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { paths } from '@/config/paths';
import { ApiError, fieldErrorsOf } from '@/lib/api-errors';
import { useAuth } from '@/lib/auth';
import { useNotify } from '@/lib/notify';
import { useDeleteUser } from '../api/delete-user';

const DeleteForm = z.object({ password: z.string().min(1, 'Required') });
type DeleteForm = z.infer<typeof DeleteForm>;

const LABELS = { password: 'Current Password' } as const;

/**
 * 'Delete User Account' (spec §2.3) with the current password, so that a browser left signed in
 * cannot delete the account, and with what is lost: purchased credits are not refunded.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const textId = useId();
  const deletion = useDeleteUser();
  const { signOut } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const { control, handleSubmit, reset, setError } = useForm<DeleteForm>({
    defaultValues: { password: '' },
    resolver: zodResolver(DeleteForm),
  });

  const close = () => {
    setOpen(false);
    reset();
  };

  const confirm = handleSubmit(({ password }) =>
    deletion.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        notify.success('Your account was successfully deleted');
        signOut();
        void navigate(paths.auth.login);
      },
      onError: (error) => {
        const wrong = error instanceof ApiError ? fieldErrorsOf(error.data)?.password : undefined;
        if (wrong) setError('password', { message: wrong.join(' ') });
        notify.failure('Account deletion failed', error, LABELS);
      },
    }),
  );

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
      <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
        <form noValidate onSubmit={(event) => void confirm(event)}>
          <DialogTitle id={titleId}>Delete User Account</DialogTitle>
          <DialogContent>
            <DialogContentText id={textId}>
              Please confirm to permanently delete your account. This cannot be undone.
            </DialogContentText>
            <DialogContentText sx={{ mt: 1 }}>
              Your projects, images and results are deleted, and unused credits, purchased ones included, are
              lost: they are not refunded.
            </DialogContentText>
            <FormTextField
              control={control}
              name="password"
              label={LABELS.password}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              margin="normal"
              helperText="Enter your password to confirm that it is you."
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} autoFocus>
              Cancel
            </Button>
            <Button type="submit" color="error" variant="contained" loading={deletion.isPending}>
              Delete Account
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
