import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from './form-text-field';

interface TextPromptDialogProps {
  open: boolean;
  title: string;
  label: string;
  submitLabel: string;
  initialValue?: string;
  /** Above the field: what happens on submit. */
  text?: string;
  /** The value's rule, e.g. the contract's name rule or "must be the name typed again". */
  rule: z.ZodType<string, string>;
  busy: boolean;
  destructive?: boolean;
  onSubmit: (value: string) => void;
  onClose: () => void;
}

/** A dialog asking for one line of text: a name to give, or one to type again to confirm. */
export function TextPromptDialog({
  open,
  title,
  label,
  submitLabel,
  initialValue = '',
  text,
  rule,
  busy,
  destructive = false,
  onSubmit,
  onClose,
}: TextPromptDialogProps) {
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm<{ value: string }>({
    resolver: zodResolver(z.object({ value: rule })),
    defaultValues: { value: initialValue },
  });
  useEffect(() => {
    if (open) reset({ value: initialValue });
  }, [open, initialValue, reset]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void handleSubmit(({ value }) => onSubmit(value))(event)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {text && <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>}
          <FormTextField control={control} name="value" label={label} fullWidth autoFocus sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
