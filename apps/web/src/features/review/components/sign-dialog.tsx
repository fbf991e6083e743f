import { ReopenRequest, SignRequest } from '@hullscope/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { z } from 'zod';

/** The first message per field of a failed parse, by field name. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

interface DialogProps<Body> {
  open: boolean;
  busy: boolean;
  onSubmit: (body: Body) => void;
  onClose: () => void;
}

/** Name and position of the person signing, as the Biofouling Record Book asks. */
export function SignDialog({ open, busy, onSubmit, onClose }: DialogProps<SignRequest>) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [position, setPosition] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const parsed = SignRequest.safeParse({ name, position });
    if (parsed.success) onSubmit(parsed.data);
    else setErrors(fieldErrors(parsed.error));
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Sign the inspection</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Signing stores this report as a revision with its SHA-256 and freezes the inspection: uploads,
          deletions, zone changes, predictions and mask corrections are refused until it is reopened.
        </DialogContentText>
        <TextField
          label="Name"
          fullWidth
          required
          margin="dense"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          label="Position"
          fullWidth
          required
          margin="dense"
          value={position}
          onChange={(event) => setPosition(event.target.value)}
          error={Boolean(errors.position)}
          helperText={errors.position ?? 'For example Master, Chief Officer or Superintendent'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Sign
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The reason a signed inspection is reopened; it is recorded and the next signature is a new revision. */
export function ReopenDialog({ open, busy, onSubmit, onClose }: DialogProps<ReopenRequest>) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const parsed = ReopenRequest.safeParse({ reason });
    if (parsed.success) onSubmit(parsed.data);
    else setError(fieldErrors(parsed.error).reason);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Reopen the inspection</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The signed revision stays as it was; the next signature makes a new revision of the report.
        </DialogContentText>
        <TextField
          label="Reason"
          fullWidth
          required
          multiline
          minRows={2}
          margin="dense"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(error)}
          helperText={error}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Reopen
        </Button>
      </DialogActions>
    </Dialog>
  );
}
