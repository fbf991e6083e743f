import { zodResolver } from '@hookform/resolvers/zod';
import { CleaningCreateRequest, type VesselInspection } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { ApiError, fieldErrorsOf } from '@/lib/api-errors';
import { useNotify } from '@/lib/notify';
import { useCreateCleaning } from '../api/cleanings';

type FormValues = z.input<typeof CleaningCreateRequest>;
type FormOutput = z.output<typeof CleaningCreateRequest>;

const FIELD_LABELS = {
  before: 'Inspection Before',
  after: 'Inspection After',
  date: 'Date of Cleaning',
  company: 'Cleaning Company',
  method: 'Method',
  capture: 'Capture',
  certificate_reference: 'Certificate Reference',
  notes: 'Notes',
} as const;
const FIELDS = Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[];

interface CleaningFormDialogProps {
  vesselId: number;
  /** The vessel's inspections, oldest first, as the vessel answer gives them. */
  inspections: VesselInspection[];
  open: boolean;
  onClose: () => void;
}

/** Links two of the vessel's inspections as before and after a cleaning; the API's messages show on their fields. */
export function CleaningFormDialog({ vesselId, inspections, open, onClose }: CleaningFormDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const create = useCreateCleaning(vesselId);
  const { control, handleSubmit, setError, formState, reset } = useForm<FormValues, unknown, FormOutput>({
    defaultValues: {
      company: '',
      method: '',
      capture: false,
      certificate_reference: '',
      notes: '',
      date: '',
    },
    resolver: zodResolver(CleaningCreateRequest),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      notify.success('Cleaning recorded');
      reset();
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error.data) : null;
      for (const [field, messages] of Object.entries(fields ?? {})) {
        const known = FIELDS.find((name) => name === field);
        if (known) setError(known, { message: messages.join(' ') });
      }
      notify.failure('Recording the cleaning failed', error, FIELD_LABELS);
    }
  });
  const options = inspections.map((inspection) => (
    <MenuItem key={inspection.project} value={inspection.project}>
      {inspection.project_name} ({inspection.inspection_date ?? 'no date'})
    </MenuItem>
  ));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>Link Before and After Cleaning</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
            <FormTextField control={control} name="before" label={FIELD_LABELS.before} select required>
              {options}
            </FormTextField>
            <FormTextField control={control} name="after" label={FIELD_LABELS.after} select required>
              {options}
            </FormTextField>
          </Box>
          <FormTextField
            control={control}
            name="date"
            label={FIELD_LABELS.date}
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField control={control} name="company" label={FIELD_LABELS.company} required />
          <FormTextField
            control={control}
            name="method"
            label={FIELD_LABELS.method}
            required
            helperText="e.g. ROV brush cart, divers with hand tools"
          />
          <Controller
            control={control}
            name="capture"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value === true}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                }
                label="Removed material captured"
              />
            )}
          />
          <FormTextField
            control={control}
            name="certificate_reference"
            label={FIELD_LABELS.certificate_reference}
          />
          <FormTextField control={control} name="notes" label={FIELD_LABELS.notes} multiline minRows={2} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            Link
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
