import { zodResolver } from '@hookform/resolvers/zod';
import { ProjectCreateRequest } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';

export type ProjectFormValues = z.input<typeof ProjectCreateRequest>;

interface ProjectFormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialValues: ProjectFormValues;
  busy: boolean;
  onSubmit: (values: ProjectCreateRequest) => void;
  onClose: () => void;
  /** Extra actions on the left, e.g. Delete in the edit dialog. */
  extraAction?: ReactNode;
}

/** Name and location are required ('Please enter a name' / 'Please enter a location'), spec §5. */
export function ProjectFormDialog({
  open,
  title,
  submitLabel,
  initialValues,
  busy,
  onSubmit,
  onClose,
  extraAction,
}: ProjectFormDialogProps) {
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm<ProjectFormValues, unknown, ProjectCreateRequest>({
    defaultValues: initialValues,
    resolver: zodResolver(ProjectCreateRequest),
  });

  useEffect(() => {
    if (open) reset(initialValues);
  }, [open, initialValues, reset]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <FormTextField control={control} name="name" label="Name" required autoFocus />
          <FormTextField control={control} name="location" label="Location" required />
          <FormTextField control={control} name="description" label="Description" multiline minRows={3} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {extraAction}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
